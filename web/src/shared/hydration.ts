/**
 * The first screen of some pages comes rendered by the server (render.tsx); the browser then
 * hydrates it: its first render must draw the same, or React throws the server's HTML away and
 * draws the screen again. What only a browser knows (storage, the window's size) waits for the
 * first effect there.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * Whether this render must draw what the server's render drew: on the server, and while React
 * hydrates its HTML (React reads the server's snapshot then, and the browser's afterwards).
 */
const useDrawingServerHtml = () =>
  useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );

/**
 * State that starts from something only the browser knows (`read`): `onServer` where the server
 * rendered the page, corrected by the first effect; `read()` at once everywhere else.
 */
export function useBrowserState<T>(read: () => T, onServer: T) {
  const drawingServerHtml = useDrawingServerHtml();
  const [value, setValue] = useState(() => (drawingServerHtml ? onServer : read()));
  const [fromServer] = useState(drawingServerHtml);
  // `read` runs once, after the server's HTML was taken over.
  useEffect(() => {
    if (fromServer) setValue(read());
  }, [fromServer]);
  return [value, setValue] as const;
}
