import type { Tracking } from '@amora/common';

const KEY = 'amora.tracking';
const FIELDS = ['network', 'ref', 'sub1', 'sub2', 'sub3'] as const;

/** Remembers the traffic source of the landing URL so the signup can carry it (SPEC §3). */
export function rememberTracking(search: string) {
  const params = new URLSearchParams(search);
  const tracking = Object.fromEntries(
    FIELDS.flatMap((field) => (params.get(field) ? [[field, params.get(field)?.slice(0, 100)]] : [])),
  );
  if (Object.keys(tracking).length > 0) sessionStorage.setItem(KEY, JSON.stringify(tracking));
}

export function storedTracking(): Tracking | undefined {
  const raw = sessionStorage.getItem(KEY);
  return raw ? (JSON.parse(raw) as Tracking) : undefined;
}
