import { useCallback, useState } from 'react';

/** Drafts live as long as the browser tab: leaving a conversation to buy credits loses no word. */
const storageKey = (key: string) => `amora.draft.${key}`;

function stored(key: string): string {
  try {
    return sessionStorage.getItem(storageKey(key)) ?? '';
  } catch {
    return '';
  }
}

function store(key: string, text: string) {
  try {
    if (text === '') sessionStorage.removeItem(storageKey(key));
    else sessionStorage.setItem(storageKey(key), text);
  } catch {
    // Storage refused (private mode, full): the draft stays in the page only.
  }
}

/** The message being written in one conversation (`key`), kept in the tab's session storage. */
export function useDraft(key: string): [string, (text: string) => void] {
  const [draft, setDraftState] = useState(() => ({ key, text: stored(key) }));
  const setDraft = useCallback(
    (text: string) => {
      setDraftState({ key, text });
      store(key, text);
    },
    [key],
  );
  return [draft.key === key ? draft.text : stored(key), setDraft];
}
