/**
 * A search filter as a prepared statement takes it (platform/db/prepared.ts): its shape, what
 * changes the statement's text (which criteria it has, its flags, how many ids it leaves out), and
 * its values, the statement's parameters. Filters of one shape share one statement, built once.
 */
import type { Parameter } from '../../platform/db/prepared.js';
import type { SearchFilter } from './filter.js';

/** Criteria whose value is a parameter when given. */
const VALUES = [
  'siteId',
  'gender',
  'country',
  'region',
  'bornOnOrBefore',
  'bornAfter',
  'nameStart',
  'nameEnd',
  'viewerProfileId',
  'city',
] as const;

/**
 * Lists whose items are parameters each. The shape has their length rounded up to a power of two,
 * the rest filled with the last item again (which changes no `in`): lists of any length (a swipe
 * deck leaves out up to 2,000 ids) share a dozen statements instead of one each.
 */
const LISTS = ['excluded', 'bodyTypes'] as const;

const paddedLength = (length: number) => (length === 0 ? 0 : 2 ** Math.ceil(Math.log2(length)));

/** What the statement's text holds as it is: which parts, whose rule, which index. */
const FLAGS = ['hostedOnly', 'membersOnly', 'testAccounts', 'purpose', 'withMainPhoto'] as const;

/** Every field of a filter is a value, a list or a flag: a field added to SearchFilter fails to compile until it is placed above. */
type Placed = (typeof VALUES)[number] | (typeof LISTS)[number] | (typeof FLAGS)[number];
const everyFieldPlaced: Record<Exclude<keyof SearchFilter, Placed>, never> = {};
void everyFieldPlaced;

type Shape = {
  values: (typeof VALUES)[number][];
  lists: Record<(typeof LISTS)[number], number>;
  flags: Pick<SearchFilter, (typeof FLAGS)[number]>;
};

export type FilterParameters = Record<string, Parameter>;

/** The shape of a filter, as a statement's variant names it. */
export function shapeOf(filter: SearchFilter): string {
  const shape: Shape = {
    values: VALUES.filter((name) => filter[name] !== undefined),
    lists: {
      excluded: paddedLength(filter.excluded.length),
      bodyTypes: filter.bodyTypes ? paddedLength(filter.bodyTypes.length) : -1,
    },
    flags: Object.fromEntries(FLAGS.map((name) => [name, filter[name]])),
  };
  return JSON.stringify(shape);
}

/** The filter's values, named as `filterOfShape` places them. */
export function parametersOf(filter: SearchFilter): FilterParameters {
  const parameters: FilterParameters = {};
  for (const name of VALUES) if (filter[name] !== undefined) parameters[name] = filter[name];
  for (const name of LISTS) {
    const list = filter[name] ?? [];
    for (let index = 0; index < paddedLength(list.length); index++) {
      parameters[`${name}${index}`] = list[Math.min(index, list.length - 1)] as Parameter;
    }
  }
  return parameters;
}

/** A filter of the shape whose values are the statement's parameters (their stand-ins while it is built). */
export function filterOfShape(shapeText: string, parameters: FilterParameters): SearchFilter {
  const shape = JSON.parse(shapeText) as Shape;
  const listOf = (name: (typeof LISTS)[number]) =>
    Array.from({ length: shape.lists[name] }, (_, index) => parameters[`${name}${index}`]);
  const filter = {
    ...shape.flags,
    ...Object.fromEntries(shape.values.map((name) => [name, parameters[name]])),
    excluded: listOf('excluded'),
    bodyTypes: shape.lists.bodyTypes < 0 ? undefined : listOf('bodyTypes'),
  };
  return filter as SearchFilter;
}
