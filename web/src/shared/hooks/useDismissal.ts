import { useState } from 'react';

/**
 * How long a closed banner stays closed: a reminder the member needs comes back on the next visit
 * (the browser's session), a nudge the next day, a one-off offer never.
 */
export type DismissalSpan = 'visit' | 'day' | 'good';

const DAY_MS = 24 * 60 * 60 * 1000;

const storageFor = (span: DismissalSpan) => (span === 'visit' ? sessionStorage : localStorage);

/** Whether a closing is still in force: the day's closing stores the moment it ends. */
function closed(key: string, span: DismissalSpan): boolean {
  const stored = storageFor(span).getItem(key);
  if (stored === null) return false;
  return span === 'day' ? Number(stored) > Date.now() : stored === '1';
}

/**
 * A banner's closing, remembered per member for its span. Key null while nobody is signed in: a
 * visitor sees no member's banners (and the server, rendering a visitor's page, has no storage).
 */
export function useDismissal(key: string | null, span: DismissalSpan) {
  const [closedNow, setClosedNow] = useState<string | null>(null);
  const dismissed = key !== null && (closedNow === key || closed(key, span));
  const dismiss = () => {
    if (key === null) return;
    storageFor(span).setItem(key, span === 'day' ? String(Date.now() + DAY_MS) : '1');
    setClosedNow(key);
  };
  return { dismissed, dismiss };
}
