/**
 * How a page asks for the match popup (MatchPopup.tsx), which comes with the member's parts of the
 * layout (app/layouts/MemberChrome.tsx): the layout holds the way to it (app/layouts/MatchPopupProvider.tsx),
 * the popups fill it in.
 */
import type { Image } from '@amora/common';
import { createContext, useContext } from 'react';

export interface MatchProfile {
  id: number;
  name: string;
  main_image: Image | null;
  hosted?: boolean;
}

/** Shows the popup for a profile that made a match, or, without one, for whoever auto-like brings. */
export type ShowMatch = (profile?: MatchProfile) => void;
export const ShowMatchContext = createContext<ShowMatch>(() => undefined);
export const useShowMatch = () => useContext(ShowMatchContext);
