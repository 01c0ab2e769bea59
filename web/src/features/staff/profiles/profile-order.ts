import type { HostedProfileListEntry } from '@amora/common';

/** The columns the hosted profiles list sorts by. */
const SORT_COLUMNS = ['name', 'age', 'town', 'site', 'waiting', 'conversations'] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];
export interface Order {
  column: SortColumn;
  descending: boolean;
}

/** As the server answers: most conversations waiting first (then by name, its own order kept). */
export const SERVER_ORDER: Order = { column: 'waiting', descending: true };

const COUNTED: readonly SortColumn[] = ['waiting', 'conversations'];

/** The order a `?sort=` names ("name", "-waiting"), the server's when it names none. */
export function orderOf(param: string | null): Order {
  const descending = param?.startsWith('-') ?? false;
  const column = SORT_COLUMNS.find((each) => each === param?.replace(/^-/, ''));
  return column ? { column, descending } : SERVER_ORDER;
}

export const orderParam = (order: Order) => `${order.descending ? '-' : ''}${order.column}`;

/** Pressing a column's head: the same column turns round; another starts with its most telling end. */
export const pressed = (order: Order, column: SortColumn): Order =>
  order.column === column
    ? { column, descending: !order.descending }
    : { column, descending: COUNTED.includes(column) };

const keyOf: Record<SortColumn, (profile: HostedProfileListEntry) => string | number> = {
  name: (profile) => profile.name,
  age: (profile) => profile.age,
  town: (profile) => profile.city ?? '',
  site: (profile) => profile.site.name,
  waiting: (profile) => profile.waiting,
  conversations: (profile) => profile.conversations,
};

/** The profiles in `order`, names compared as `locale` sorts them; ties keep the server's order. */
export function sortedProfiles(
  profiles: readonly HostedProfileListEntry[],
  order: Order,
  locale: string,
): HostedProfileListEntry[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  const key = keyOf[order.column];
  const sign = order.descending ? -1 : 1;
  return [...profiles].sort((a, b) => {
    const [left, right] = [key(a), key(b)];
    const compared =
      typeof left === 'number' && typeof right === 'number'
        ? left - right
        : collator.compare(String(left), String(right));
    return sign * compared;
  });
}
