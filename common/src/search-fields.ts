/**
 * The filters of a site's member search. A site offers some of them (settings.search_fields, set in
 * the back office): the search page shows only those, and the others narrow nothing, whoever sends them.
 */

export const SEARCH_FIELDS = ['gender', 'country', 'countryregion', 'min_age', 'max_age'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

const isSearchField = (key: string): key is SearchField => (SEARCH_FIELDS as readonly string[]).includes(key);

/** The filters a site offers, in the search page's order; a region only with its country, as it is chosen within one. */
export function offeredSearchFields(searchFields: readonly string[]): SearchField[] {
  return SEARCH_FIELDS.filter(
    (field) => searchFields.includes(field) && (field !== 'countryregion' || searchFields.includes('country')),
  );
}

/** A search without the filters the site does not offer; its other parts (a name, a page) stay. */
export function withOfferedFilters<Query extends object>(query: Query, searchFields: readonly string[]): Query {
  const offered = offeredSearchFields(searchFields);
  return Object.fromEntries(
    Object.entries(query).filter(([key]) => !isSearchField(key) || offered.includes(key)),
  ) as Query;
}
