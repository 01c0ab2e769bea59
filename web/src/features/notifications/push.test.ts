import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listenToServiceWorker } from './push';

/** A browser that can push, with a page that is looked at (or not) and its service worker. */
function browser({ looking }: { looking: boolean }) {
  const serviceWorker = new EventTarget();
  vi.stubGlobal('navigator', { serviceWorker });
  vi.stubGlobal('window', { PushManager: {}, Notification: {} });
  vi.stubGlobal('document', { visibilityState: looking ? 'visible' : 'hidden', hasFocus: () => looking });
  return (data: unknown) => serviceWorker.dispatchEvent(new MessageEvent('message', { data }));
}

const payload = { title: 'Anna', body: 'Hi', url: '/chats/7', open_url: '/login?next=%2Fchats%2F7', tag: 'chat-7' };

describe('listenToServiceWorker (SPEC §7)', () => {
  const navigate = vi.fn();
  const refresh = vi.fn();
  beforeEach(() => {
    navigate.mockReset();
    refresh.mockReset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('opens a pushed message’s check url in the page being looked at', () => {
    const post = browser({ looking: true });
    listenToServiceWorker({ signedIn: () => true, navigate, refresh });
    post({ type: 'push-message', payload });
    expect(refresh).toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('/chats/7');
  });

  it('opens its open url when nobody is signed in, as a clicked push does', () => {
    const post = browser({ looking: true });
    listenToServiceWorker({ signedIn: () => false, navigate, refresh });
    post({ type: 'push-message', payload });
    post({ type: 'push-click', url: payload.url, open_url: payload.open_url });
    expect(navigate.mock.calls).toEqual([[payload.open_url], [payload.open_url]]);
  });

  it('only refreshes a page in the background: its notification is the one to click', () => {
    const post = browser({ looking: false });
    listenToServiceWorker({ signedIn: () => true, navigate, refresh });
    post({ type: 'push-message', payload });
    expect(refresh).toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });
});
