import { type ReactNode, useCallback, useRef } from 'react';
import { type ShowMatch, ShowMatchContext } from '../../features/likes/match-popup-context';
import { useMemberChrome } from './member-chrome';

/** Holds the way to the match popups (features/likes/MatchPopup.tsx), which come with the member's parts. */
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
