/**
 * The members' query keys, apart from their calls (members.ts): the first page's code fills and
 * refreshes these queries, and the calls, with their route tables, load with the pages that make them.
 */
import type { SearchQuery } from '@amora/common';

/** A search as the address holds it: `after` is a response's `next`, handed back as it came. */
export type SearchParams = Partial<Omit<SearchQuery, 'after'>> & { after?: string };

export const memberKeys = {
  search: (query: SearchParams) => ['members', query] as const,
  showcase: (count: number) => ['showcase', count] as const,
  member: (id: number) => ['member', id] as const,
  members: ['member'] as const,
  blocks: ['blocks'] as const,
};
