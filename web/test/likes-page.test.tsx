/** /likes: the tabs' counts from likes.php (99+ past 99), a page of cards at a time, and More for the next. */
import { LIKES_PAGE_SIZE, type LikedCard } from '@amora/common';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import LikesPage from '../src/features/likes/LikesPage';
import { buildLikes, buildUser } from './fixtures';
import { renderScreen } from './render';
import { fakeServer, type SentRequest } from './server';

const card = (id: number): LikedCard => ({
  id,
  name: `Member ${id}`,
  age: 30,
  city: null,
  country: null,
  hosted: true,
  main_image: null,
  like_new: false,
  liked: id % 2 === 0,
});

/** Received likes from ids 1 to `total`, a page of LIKES_PAGE_SIZE at a time, `next` naming where the next starts. */
function likesServer(total: number) {
  return fakeServer({
    'GET /api/likes.php': buildLikes({
      counts: { received: Math.min(total, 100), given: 3, matches: 0, new_likes: 0 },
    }),
    'GET /api/likes-list.php': ({ query }: SentRequest) => {
      const start = Number(query.after ?? 0);
      const end = Math.min(total, start + LIKES_PAGE_SIZE);
      const ids = Array.from({ length: end - start }, (_, index) => start + index + 1);
      return { profiles: ids.map(card), next: end < total ? String(end) : null };
    },
  });
}

const openLikes = () => renderScreen(<LikesPage />, { at: '/likes', route: '/likes/:type?', user: buildUser() });
const list = () => screen.getByRole('list', { name: 'Likes you' });

describe('LikesPage', () => {
  it('shows the first page, and More adds the next until the list ends', async () => {
    const server = likesServer(LIKES_PAGE_SIZE + 5);
    const { events } = openLikes();
    expect(await screen.findByRole('button', { name: 'Like Member 1' })).toBeTruthy();
    expect(within(list()).getAllByRole('listitem')).toHaveLength(LIKES_PAGE_SIZE);
    await events.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('button', { name: `Like Member ${LIKES_PAGE_SIZE + 5}` })).toBeTruthy();
    expect(within(list()).getAllByRole('listitem')).toHaveLength(LIKES_PAGE_SIZE + 5);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(server.sent('GET /api/likes-list.php').map((request) => request.query)).toEqual([
      { type: 'received' },
      { type: 'received', after: String(LIKES_PAGE_SIZE) },
    ]);
    // The heart of each card says whether the member likes it back.
    expect(screen.getByRole('button', { name: 'Like Member 2' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Like Member 1' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('shows the counts of likes.php, 99+ past 99', async () => {
    likesServer(150);
    openLikes();
    expect(await screen.findByRole('link', { name: /Likes you \(99\+\)/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /You like \(3\)/ })).toBeTruthy();
  });

  it('has no More when everything fits on one page', async () => {
    likesServer(2);
    openLikes();
    expect(await screen.findByRole('button', { name: 'Like Member 2' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });
});
