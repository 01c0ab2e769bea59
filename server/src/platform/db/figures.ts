/** What the back office's figures are summed over: a site (all when absent) and a span of time. */
export interface FigurePeriod {
  siteId?: number;
  /** ISO timestamps: from included, to excluded. */
  from: string;
  to: string;
}

/** The UTC day (YYYY-MM-DD) of an ISO timestamp column, as both engines read it. */
export const dayOf = (column: string) => `substr(${column}, 1, 10)`;
