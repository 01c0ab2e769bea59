/** Small hooks a member notices: chat drafts, the like modal's delay, media queries and hydration-safe state. */
import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { useDraft } from '../src/features/chats/draft';
import { useLikeModalDelay } from '../src/features/likes/useLikeModalDelay';
import { useMediaQuery } from '../src/shared/hooks/useMediaQuery';
import { useBrowserState } from '../src/shared/hydration';
import { buildUser } from './fixtures';
import { renderHookInApp } from './render';

describe('useDraft', () => {
  it('keeps what is written in a conversation for as long as the tab is open', () => {
    const first = renderHookInApp(() => useDraft('chat-5'));
    act(() => first.result.current[1]('Hello, how are'));
    expect(first.result.current[0]).toBe('Hello, how are');
    first.unmount();
    // Back from buying credits: the words are still there.
    const again = renderHookInApp(() => useDraft('chat-5'));
    expect(again.result.current[0]).toBe('Hello, how are');
    expect(sessionStorage.getItem('amora.draft.chat-5')).toBe('Hello, how are');
  });

  it('keeps one draft per conversation, and shows the right one when the conversation changes', () => {
    sessionStorage.setItem('amora.draft.chat-7', 'For Carla');
    let key = 'chat-5';
    const { result, rerender } = renderHookInApp(() => useDraft(key));
    act(() => result.current[1]('For Bea'));
    key = 'chat-7';
    rerender();
    expect(result.current[0]).toBe('For Carla');
    key = 'chat-5';
    rerender();
    expect(result.current[0]).toBe('For Bea');
  });

  it('forgets a draft once it is emptied (sent)', () => {
    const { result } = renderHookInApp(() => useDraft('chat-5'));
    act(() => result.current[1]('Hi'));
    act(() => result.current[1](''));
    expect(result.current[0]).toBe('');
    expect(sessionStorage.getItem('amora.draft.chat-5')).toBeNull();
  });

  it('still keeps the draft on the page when the browser refuses storage', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    const { result } = renderHookInApp(() => useDraft('chat-5'));
    expect(result.current[0]).toBe('');
    act(() => result.current[1]('Still here'));
    expect(result.current[0]).toBe('Still here');
  });
});

describe('useLikeModalDelay', () => {
  it('opens the like modal after ?t seconds for a member, and takes t out of the address', () => {
    vi.useFakeTimers();
    const open = vi.fn();
    const { location } = renderHookInApp(() => useLikeModalDelay(open), {
      at: '/members?t=3&gender=female',
      user: buildUser(),
    });
    act(() => vi.advanceTimersByTime(2_999));
    expect(open).not.toHaveBeenCalled();
    expect(location()).toBe('/members?t=3&gender=female');
    act(() => vi.advanceTimersByTime(1));
    expect(open).toHaveBeenCalledTimes(1);
    expect(location()).toBe('/members?gender=female');
  });

  it('opens it at once with t=0', () => {
    vi.useFakeTimers();
    const open = vi.fn();
    renderHookInApp(() => useLikeModalDelay(open), { at: '/?t=0', user: buildUser() });
    act(() => vi.advanceTimersByTime(0));
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('does nothing for a visitor, without t, or with a t that is no number of seconds', () => {
    vi.useFakeTimers();
    const open = vi.fn();
    const cases: [string, ReturnType<typeof buildUser> | null][] = [
      ['/?t=3', null],
      ['/', buildUser()],
      ['/?t=soon', buildUser()],
      ['/?t=-1', buildUser()],
    ];
    for (const [at, user] of cases) {
      const { unmount } = renderHookInApp(() => useLikeModalDelay(open), { at, user });
      act(() => vi.advanceTimersByTime(60_000));
      unmount();
    }
    expect(open).not.toHaveBeenCalled();
  });

  it('does not open once the page is left before the time is up', () => {
    vi.useFakeTimers();
    const open = vi.fn();
    const { unmount } = renderHookInApp(() => useLikeModalDelay(open), { at: '/?t=5', user: buildUser() });
    act(() => vi.advanceTimersByTime(4_000));
    unmount();
    act(() => vi.advanceTimersByTime(5_000));
    expect(open).not.toHaveBeenCalled();
  });
});

/** A window whose size the test sets: matchMedia answers by it and tells its listeners when it changes. */
function resizableWindow(width: number) {
  const lists = new Set<{ query: string; list: EventTarget & { matches: boolean } }>();
  const matches = (query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    return min ? width >= Number(min[1]) : false;
  };
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => {
      const list = Object.assign(new EventTarget(), { media: query, matches: matches(query) });
      lists.add({ query, list });
      return list;
    }),
  );
  return (next: number) => {
    width = next;
    for (const { query, list } of lists) {
      list.matches = matches(query);
      list.dispatchEvent(new Event('change'));
    }
  };
}

describe('useMediaQuery', () => {
  it('tells whether the window matches now, and follows it as the window changes', () => {
    const resize = resizableWindow(1200);
    const { result } = renderHookInApp(() => useMediaQuery('(min-width: 992px)'));
    expect(result.current).toBe(true);
    act(() => resize(600));
    expect(result.current).toBe(false);
    act(() => resize(1000));
    expect(result.current).toBe(true);
  });

  it('follows a new query when it is given one', () => {
    resizableWindow(800);
    let query = '(min-width: 576px)';
    const { result, rerender } = renderHookInApp(() => useMediaQuery(query));
    expect(result.current).toBe(true);
    query = '(min-width: 992px)';
    rerender();
    expect(result.current).toBe(false);
  });
});

describe('useBrowserState', () => {
  function Remembered() {
    const [value] = useBrowserState(() => localStorage.getItem('seen') ?? 'never', 'on the server');
    return <p>Seen: {value}</p>;
  }

  it('reads what the browser knows at once where the browser draws the page', () => {
    localStorage.setItem('seen', 'yesterday');
    render(<Remembered />);
    expect(screen.getByText('Seen: yesterday')).toBeTruthy();
  });

  it('takes over the server’s page as it was drawn, then shows what the browser knows', async () => {
    localStorage.setItem('seen', 'yesterday');
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(<Remembered />);
    expect(container.textContent).toBe('Seen: on the server');
    const errors = vi.spyOn(console, 'error');
    render(<Remembered />, { container, hydrate: true });
    expect(await screen.findByText('Seen: yesterday')).toBeTruthy();
    expect(errors).not.toHaveBeenCalled();
    container.remove();
  });
});
