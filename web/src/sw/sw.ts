/**
 * The service worker (served as /sw.js): it shows pushes and opens the app where a push points.
 * Offline, a page that cannot load shows the offline page (built from the catalogues) instead of
 * the browser's error. Kept free of imports so the build emits it as one plain script.
 */
const worker = self as unknown as ServiceWorkerGlobalScope;

interface PushPayload {
  title: string;
  body: string;
  /** Where the push leads a signed-in member (the check url). */
  url: string;
  /** Where it leads when nobody is signed in on this browser (the open url). */
  open_url: string;
  /** Pushes with one tag replace each other: twenty messages in a chat show as one notification. */
  tag: string;
}

/** What the page hears from the worker (web/src/features/notifications/push.ts listens). */
type WorkerMessage =
  | { type: 'push-message'; payload: PushPayload }
  | { type: 'push-click'; url: string; open_url: string };

/** What the offline page needs, kept at install; a new name drops older copies at activation. */
const OFFLINE_CACHE = 'amora-offline-v1';
const OFFLINE_PAGE = '/offline.html';
const OFFLINE_FILES = [OFFLINE_PAGE, '/offline.js', '/offline.css', '/favicon.svg'];

worker.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(OFFLINE_CACHE);
      await cache.addAll(OFFLINE_FILES);
      await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== OFFLINE_CACHE) await caches.delete(name);
      await worker.clients.claim();
    })(),
  );
});

/**
 * Pages come from the network as always; only when it fails does the offline page stand in, with
 * its script, style and logo from the cache too.
 */
worker.addEventListener('fetch', (event) => {
  const { request } = event;
  const offlineFile = request.method === 'GET' && OFFLINE_FILES.includes(new URL(request.url).pathname);
  if (request.mode !== 'navigate' && !offlineFile) return;
  const fallback = request.mode === 'navigate' ? OFFLINE_PAGE : request;
  event.respondWith(fetch(request).catch(async () => (await caches.match(fallback)) ?? Response.error()));
});

async function windows(): Promise<readonly WindowClient[]> {
  return worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
}

function tell(client: WindowClient, message: WorkerMessage) {
  client.postMessage(message);
}

async function receive(payload: PushPayload) {
  const open = await windows();
  // Someone looking at the app sees it change there; a notification on top would only repeat it.
  const looking = open.find((client) => client.focused && client.visibilityState === 'visible');
  for (const client of open) tell(client, { type: 'push-message', payload });
  if (looking) return;
  await worker.registration.showNotification(payload.title, {
    body: payload.body,
    tag: payload.tag,
    icon: '/icon-192.png',
    badge: '/badge-72.png',
    data: { url: payload.url, open_url: payload.open_url },
  });
}

worker.addEventListener('push', (event) => {
  let payload: PushPayload;
  try {
    payload = event.data?.json() as PushPayload;
  } catch {
    return;
  }
  if (!payload?.title) return;
  event.waitUntil(receive(payload));
});

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const { url, open_url } = (event.notification.data ?? {}) as { url?: string; open_url?: string };
  if (!url) return;
  event.waitUntil(
    (async () => {
      const [client] = await windows();
      if (client) {
        await client.focus();
        // The page knows whether someone is signed in, and goes to the url or the open url.
        tell(client, { type: 'push-click', url, open_url: open_url ?? url });
        return;
      }
      await worker.clients.openWindow(url);
    })(),
  );
});
