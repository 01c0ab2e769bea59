/**
 * The browser tab's title: the page's own title, prefixed with what waits for the member
 * ("(3) Likes · Amora") when that is above zero. The installed app's badge shows the same count.
 */
import { BADGE_CAP } from '@amora/common';

/** The page's own title; until a page sets one, the title the page came with. */
let pageTitle: string | null = null;
let waiting = 0;

function apply() {
  pageTitle ??= document.title;
  document.title = waiting > 0 ? `(${waiting}) ${pageTitle}` : pageTitle;
}

export function setPageTitle(title: string) {
  pageTitle = title;
  apply();
}

/** Unread messages plus new likes. */
export function setWaitingCount(count: number) {
  waiting = count;
  apply();
  const app = navigator as Navigator & {
    setAppBadge?: (count: number) => Promise<void>;
    clearAppBadge?: () => Promise<void>;
  };
  // The Badging API exists only in some browsers and installed apps; a refusal changes nothing for the member.
  if (count > 0) void app.setAppBadge?.(count).catch(() => undefined);
  else void app.clearAppBadge?.().catch(() => undefined);
}

/** A badge's text: the count, or 99+ above 99. */
export const badgeText = (count: number) => (count > BADGE_CAP ? `${BADGE_CAP}+` : String(count));
