/**
 * The member's parts of the layouts (MemberChrome.tsx), loaded once someone is signed in: before
 * the first render where the page came with a member (main.tsx), else when a visitor signs in.
 */
import { useEffect } from 'react';
import { useUser } from '../../api/hooks';
import { lazyModule, useLazyModule } from '../../shared/lazy-module';

const memberChrome = lazyModule(() => import('./MemberChrome'));

export const loadMemberChrome = () => memberChrome.load();

/** The member's parts while someone is signed in, once they have loaded; null for a visitor. */
export function useMemberChrome() {
  const signedIn = Boolean(useUser().user);
  const chrome = useLazyModule(memberChrome);
  useEffect(() => {
    // A chunk that fails to load reloads the page (chunk-reload.ts).
    if (signedIn) memberChrome.load().catch(() => undefined);
  }, [signedIn]);
  return signedIn ? chrome : null;
}
