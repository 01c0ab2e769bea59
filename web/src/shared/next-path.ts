import { useSearchParams } from 'react-router';

/** A `?next=` path of this site only, never another origin (`//evil.example`, `/\evil.example`). */
export function safeNext(next: string | null, fallback: string): string {
  return next?.startsWith('/') && !next.startsWith('//') && !next.includes('\\') ? next : fallback;
}

/** Where the visitor was going before a login or signup prompt sent them here (`?next=`). */
export function useNextPath(fallback = '/'): string {
  return safeNext(useSearchParams()[0].get('next'), fallback);
}

/** A link to `path` that carries on to `next` afterwards (nothing to carry for the home page). */
export function withNext(path: string, next: string): string {
  return next === '/' ? path : `${path}?${new URLSearchParams({ next })}`;
}
