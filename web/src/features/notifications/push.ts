import type { PushSubscriptionJson } from '@amora/common';
import { sessionRoutes } from '@amora/common/routes/sessions';
import { api } from '../../api/client';

export type PushState = 'unsupported' | 'denied' | 'subscribed' | 'not_subscribed';

const capable = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

let registered: Promise<ServiceWorkerRegistration | null> = Promise.resolve(null);

/**
 * Registers the service worker of the built app, in every browser that has them: it shows pushes
 * and, offline, the offline page. The development server has none.
 */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  registered = navigator.serviceWorker.register('/sw.js').catch(() => null);
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await registered;
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export async function pushState(): Promise<PushState> {
  if (!capable() || !(await registered)) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const subscription = await currentSubscription();
  return subscription && Notification.permission === 'granted' ? 'subscribed' : 'not_subscribed';
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

// A subscription the browser made has its endpoint and keys; the server checks them all the same.
const storeSubscription = (subscription: PushSubscription) =>
  api(
    sessionRoutes.savePushSubscription,
    { subscription: subscription.toJSON() as PushSubscriptionJson },
    { push: '1' },
  );

/** Asks the browser for permission, subscribes with the site's key and hands the subscription over. */
export async function subscribePush(publicKey: string): Promise<PushState> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'not_subscribed';
  const registration = await registered;
  if (!registration) return 'unsupported';
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  await storeSubscription(subscription);
  return 'subscribed';
}

export async function unsubscribePush(): Promise<PushState> {
  await (await currentSubscription())?.unsubscribe();
  return pushState();
}

/** A browser's pushes go to whoever signed in on it last: the subscription is handed over again. */
export async function claimPushSubscription() {
  if (!capable() || Notification.permission !== 'granted') return;
  const subscription = await currentSubscription();
  if (subscription) await storeSubscription(subscription);
}

/** Where a push leads (web/src/sw/sw.ts): the check url, or the open url when nobody is signed in. */
interface PushLink {
  url: string;
  open_url: string;
}

type WorkerMessage = { type: 'push-message'; payload: PushLink } | ({ type: 'push-click' } & PushLink);

/** Whether this page is the one being looked at: the worker shows it no notification (sw.ts). */
const looking = () => document.visibilityState === 'visible' && document.hasFocus();

/**
 * Listens to the service worker (SPEC §7): a push refreshes what it is about at once (the refresh
 * cadence is slow while push is on), and opens its url, or its open url when nobody is signed in;
 * a pushed message does so in the page being looked at (it got no notification to click), a
 * clicked push in the page the worker focused.
 */
export function listenToServiceWorker({
  signedIn,
  navigate,
  refresh,
}: {
  signedIn: () => boolean;
  navigate: (path: string) => void;
  refresh: () => void;
}): () => void {
  if (!capable()) return () => undefined;
  const open = (link: PushLink) => navigate(signedIn() ? link.url : link.open_url);
  const onMessage = (event: MessageEvent<WorkerMessage>) => {
    const message = event.data;
    if (message?.type === 'push-message') {
      refresh();
      if (message.payload?.url && looking()) open(message.payload);
    } else if (message?.type === 'push-click') open(message);
  };
  navigator.serviceWorker.addEventListener('message', onMessage);
  return () => navigator.serviceWorker.removeEventListener('message', onMessage);
}
