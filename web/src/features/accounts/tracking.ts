import type { Tracking } from '@amora/common';

const KEY = 'amora.tracking';
const FIELDS = ['network', 'ref', 'sub1', 'sub2', 'sub3'] as const;

/**
 * Remembers the traffic source of the first visit that had one, whatever its first page, so the
 * signup can carry it (SPEC §3); called with the address the app was opened at.
 */
export function rememberTracking(search: string) {
  if (localStorage.getItem(KEY)) return;
  const params = new URLSearchParams(search);
  const tracking = Object.fromEntries(
    FIELDS.flatMap((field) => (params.get(field) ? [[field, params.get(field)?.slice(0, 100)]] : [])),
  );
  if (Object.keys(tracking).length > 0) localStorage.setItem(KEY, JSON.stringify(tracking));
}

export function storedTracking(): Tracking | undefined {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as Tracking) : undefined;
  } catch {
    return undefined;
  }
}
