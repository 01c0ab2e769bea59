/**
 * The first screen of some pages comes rendered by the server (render.tsx); the browser then
 * hydrates it: its first render must draw the same, or Preact keeps the server's attributes
 * beside the browser's content. What only a browser knows (storage, the window's size) waits for
 * the first effect there.
 */
import { type ReactNode, useEffect, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';

let hydrating = false;

/** Takes over the server's HTML in `root` with the app's first render. */
export function hydrateApp(root: HTMLElement, app: ReactNode) {
  hydrating = true;
  try {
    hydrateRoot(root, app);
  } finally {
    hydrating = false;
  }
}

/** Whether this render must draw what the server's render drew: on the server, and while hydrating its HTML. */
const drawingServerHtml = () => typeof window === 'undefined' || hydrating;

/**
 * State that starts from something only the browser knows (`read`): `onServer` where the server
 * rendered the page, corrected by the first effect; `read()` at once everywhere else.
 */
export function useBrowserState<T>(read: () => T, onServer: T) {
  const [value, setValue] = useState(() => (drawingServerHtml() ? onServer : read()));
  const [fromServer] = useState(drawingServerHtml);
  // `read` runs once, after the server's HTML was taken over.
  useEffect(() => {
    if (fromServer) setValue(read());
  }, [fromServer]);
  return [value, setValue] as const;
}
