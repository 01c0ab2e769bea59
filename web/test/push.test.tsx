/**
 * Push (web/src/app/push.ts) and the prompt that asks for it (PushPrompt). The browser's push service
 * is outside the page like the network is: a stand-in browser gives the service worker, the
 * permission and the subscription; the server is the fake fetch.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissPushPrompt, PushPrompt } from '../src/features/notifications/PushPrompt';
import {
  claimPushSubscription,
  pushState,
  registerServiceWorker,
  subscribePush,
  unsubscribePush,
} from '../src/features/notifications/push';
import { buildSettings, buildUser } from './fixtures';
import { renderScreen } from './render';
import { fakeServer } from './server';

const subscriptionJson = {
  endpoint: 'https://push.example.net/send/abc',
  expirationTime: null,
  keys: { p256dh: `B${'a'.repeat(86)}`, auth: 'abcdefghijklmnopqrstuv' },
};

/** A browser that can push, with the permission the member gave so far and maybe a subscription. */
function pushBrowser({
  permission = 'default',
  answer = 'granted',
  subscribed = false,
}: {
  permission?: NotificationPermission;
  answer?: NotificationPermission;
  subscribed?: boolean;
} = {}) {
  let subscription: PushSubscription | null = null;
  const makeSubscription = () =>
    ({
      toJSON: () => subscriptionJson,
      unsubscribe: vi.fn(async () => {
        subscription = null;
        return true;
      }),
    }) as unknown as PushSubscription;
  if (subscribed) subscription = makeSubscription();
  const pushManager = {
    getSubscription: vi.fn(async () => subscription),
    subscribe: vi.fn(async (_options: PushSubscriptionOptionsInit) => {
      subscription = makeSubscription();
      return subscription;
    }),
  };
  const notification = {
    permission,
    requestPermission: vi.fn(async () => {
      notification.permission = answer;
      return answer;
    }),
  };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: Object.assign(new EventTarget(), { register: vi.fn(async () => ({ pushManager })) }),
  });
  // The built app registers its worker (the development server has none).
  vi.stubEnv('DEV', false);
  registerServiceWorker();
  return { pushManager, notification, subscription: () => subscription };
}

beforeEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});
afterEach(() => {
  vi.unstubAllEnvs();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('pushState', () => {
  it('is unsupported in a browser without service workers', async () => {
    vi.stubEnv('DEV', false);
    registerServiceWorker();
    await expect(pushState()).resolves.toBe('unsupported');
  });

  it('follows the permission and the subscription', async () => {
    pushBrowser({ permission: 'default' });
    await expect(pushState()).resolves.toBe('not_subscribed');
    pushBrowser({ permission: 'denied' });
    await expect(pushState()).resolves.toBe('denied');
    pushBrowser({ permission: 'granted', subscribed: true });
    await expect(pushState()).resolves.toBe('subscribed');
    pushBrowser({ permission: 'granted', subscribed: false });
    await expect(pushState()).resolves.toBe('not_subscribed');
  });
});

describe('subscribePush and unsubscribePush', () => {
  it('subscribes with the site’s key once allowed, and hands the subscription to the server', async () => {
    const browser = pushBrowser({ answer: 'granted' });
    const server = fakeServer({ 'POST /api/user.php': { user: buildUser() } });
    await expect(subscribePush('AQID_-8')).resolves.toBe('subscribed');
    const options = browser.pushManager.subscribe.mock.calls[0]?.[0];
    expect(options?.userVisibleOnly).toBe(true);
    expect(Array.from(options?.applicationServerKey as Uint8Array)).toEqual([1, 2, 3, 255, 239]);
    const [sent] = server.sent('POST /api/user.php');
    expect(sent?.query).toEqual({ push: '1' });
    expect(sent?.body).toEqual({ subscription: subscriptionJson });
  });

  it('asks the server nothing when the member refuses', async () => {
    pushBrowser({ answer: 'denied' });
    const server = fakeServer();
    await expect(subscribePush('AQID')).resolves.toBe('denied');
    expect(server.requests).toHaveLength(0);
  });

  it('ends this browser’s subscription', async () => {
    const browser = pushBrowser({ permission: 'granted', subscribed: true });
    await expect(unsubscribePush()).resolves.toBe('not_subscribed');
    expect(browser.subscription()).toBeNull();
  });

  it('hands an existing subscription to whoever signs in on this browser', async () => {
    pushBrowser({ permission: 'granted', subscribed: true });
    const server = fakeServer({ 'POST /api/user.php': { user: buildUser() } });
    await claimPushSubscription();
    expect(server.sent('POST /api/user.php')[0]?.body).toEqual({ subscription: subscriptionJson });
  });

  it('claims nothing where push was never allowed', async () => {
    pushBrowser({ permission: 'default' });
    const server = fakeServer();
    await claimPushSubscription();
    expect(server.requests).toHaveLength(0);
  });
});

describe('PushPrompt', () => {
  const settings = buildSettings({ push_public_key: 'AQID' });
  const member = buildUser();

  it('asks a member whose browser can push and who was not asked yet', async () => {
    pushBrowser();
    fakeServer();
    renderScreen(<PushPrompt />, { settings, user: member });
    expect(await screen.findByRole('region', { name: 'Never miss a message' })).toBeTruthy();
    expect(
      screen.getByText("Turn on notifications and we'll tell you right away when someone writes to you or likes you."),
    ).toBeTruthy();
  });

  it('turns push on, tells the server, and goes away', async () => {
    const browser = pushBrowser({ answer: 'granted' });
    const server = fakeServer({ 'POST /api/user.php': { user: member } });
    const { events } = renderScreen(<PushPrompt />, { settings, user: member });
    await events.click(await screen.findByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Never miss a message' })).toBeNull());
    expect(browser.notification.requestPermission).toHaveBeenCalled();
    expect(server.sent('POST /api/user.php')[0]?.body).toEqual({ subscription: subscriptionJson });
  });

  it('goes away for good on this browser when the member says not now', async () => {
    pushBrowser();
    const server = fakeServer();
    const { events, unmount } = renderScreen(<PushPrompt />, { settings, user: member });
    await events.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('region', { name: 'Never miss a message' })).toBeNull();
    unmount();
    renderScreen(<PushPrompt />, { settings, user: member });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('button', { name: 'Turn on' })).toBeNull();
    expect(server.requests).toHaveLength(0);
  });

  it('goes away too when the member refuses the browser’s question', async () => {
    pushBrowser({ answer: 'denied' });
    fakeServer();
    const { events } = renderScreen(<PushPrompt />, { settings, user: member });
    await events.click(await screen.findByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Turn on' })).toBeNull());
  });

  const neverAsked: [string, () => void, typeof member | null][] = [
    ['the browser refused push already', () => pushBrowser({ permission: 'denied' }), member],
    ['push is on already', () => pushBrowser({ permission: 'granted', subscribed: true }), member],
    ['the browser cannot push', () => undefined, member],
    [
      'the member skipped it in the signup steps',
      () => {
        pushBrowser();
        dismissPushPrompt();
      },
      member,
    ],
    ['the member has not finished signing up', () => pushBrowser(), buildUser({}, { signup_step: 'push' })],
    ['nobody is signed in', () => pushBrowser(), null],
  ];
  for (const [when, browser, user] of neverAsked) {
    it(`asks nothing when ${when}`, async () => {
      browser();
      fakeServer();
      renderScreen(<PushPrompt />, { settings, user });
      // Long enough for the browser's answers about push to arrive.
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(screen.queryByRole('button', { name: 'Turn on' })).toBeNull();
    });
  }
});
