/**
 * How a page asks for the match popup (MatchPopup.tsx), which comes with the member's parts of the
 * layout (app/layouts/MemberChrome.tsx): the layout holds the way to it, the popups fill it in.
 */
import type { Image } from '@amora/common';
import { createContext, type ReactNode, useCallback, useContext, useRef } from 'react';
import { useMemberChrome } from '../../app/layouts/member-chrome';

export interface MatchProfile {
  id: number;
  name: string;
  main_image: Image | null;
  hosted?: boolean;
}

/** Shows the popup for a profile that made a match, or, without one, for whoever auto-like brings. */
export type ShowMatch = (profile?: MatchProfile) => void;
const ShowMatchContext = createContext<ShowMatch>(() => undefined);
export const useShowMatch = () => useContext(ShowMatchContext);

export function MatchPopupProvider({ children }: { children: ReactNode }) {
  const member = useMemberChrome();
  const popups = useRef<ShowMatch | null>(null);
  const show = useCallback<ShowMatch>((profile) => popups.current?.(profile), []);
  const onShow = useCallback((showPopup: ShowMatch) => {
    popups.current = showPopup;
  }, []);
  return (
    <ShowMatchContext.Provider value={show}>
      {children}
      {member && <member.MatchPopups onShow={onShow} />}
    </ShowMatchContext.Provider>
  );
}
