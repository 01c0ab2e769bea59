import { CHUNK_RELOAD_GUARD_MS } from '@amora/common';

const KEY = 'amora.chunk-reload-at';

/** After a deploy, old chunks are gone: reload once to fetch the new ones, at most once a minute. */
export function reloadForMissingChunk(): boolean {
  const last = Number(sessionStorage.getItem(KEY) ?? 0);
  if (Date.now() - last < CHUNK_RELOAD_GUARD_MS) return false;
  sessionStorage.setItem(KEY, String(Date.now()));
  location.reload();
  return true;
}

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(message);
}

export function installChunkReloadGuard() {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadForMissingChunk()) event.preventDefault();
  });
}
