/**
 * A member's search starts where they left it: the filters last applied, kept per member in this
 * browser; before any, whom the member looks for (their gender and sexuality). A visitor has no default.
 */
import { soughtGender, type User } from '@amora/common';
import type { Filters } from './SearchFilters';

const storageKey = (profileId: number) => `amora.search-filters.${profileId}`;

function stored(profileId: number): Filters | null {
  try {
    const saved = localStorage.getItem(storageKey(profileId));
    return saved ? (JSON.parse(saved) as Filters) : null;
  } catch {
    return null;
  }
}

/** The filters a member's search opens with when its address names none. */
export function memberFilters(user: User): Filters {
  return stored(user.profile.id) ?? { gender: soughtGender(user.profile.gender, user.profile.sexuality) };
}

/** Keeps the filters a member applied (a name search is not kept: it looks for one person once). */
export function rememberFilters(user: User, { q: _q, ...filters }: Filters): void {
  localStorage.setItem(storageKey(user.profile.id), JSON.stringify(filters));
}
