/**
 * The member's parts of the layouts (MemberChrome.tsx), loaded once someone is signed in: before
 * the first render where the page came with a member (main.tsx), else when a visitor signs in.
 */
import { useEffect, useSyncExternalStore } from 'react';

type MemberChrome = typeof import('./MemberChrome');

let loaded: MemberChrome | null = null;
let loading: Promise<MemberChrome> | null = null;
const listeners = new Set<() => void>();

export function loadMemberChrome(): Promise<MemberChrome> {
  loading ??= import('./MemberChrome').then(
    (chrome) => {
      loaded = chrome;
      for (const listener of listeners) listener();
      return chrome;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The member's parts while `signedIn`, once they have loaded; null for a visitor. */
export function useMemberChrome(signedIn: boolean): MemberChrome | null {
  const chrome = useSyncExternalStore(
    subscribe,
    () => loaded,
    () => null,
  );
  useEffect(() => {
    // A chunk that fails to load reloads the page (chunk-reload.ts).
    if (signedIn) loadMemberChrome().catch(() => undefined);
  }, [signedIn]);
  return signedIn ? chrome : null;
}
