/**
 * Members-only calls, as a visitor makes them: every one answers authentication_required before
 * its input is looked at, so a visitor learns nothing of what the call would accept.
 */
import { describe, expect, it } from 'vitest';
import { client, useTestApp } from './helpers.js';

const t = useTestApp();

const BROKEN = { profile_id: 'not a number', unexpected: true };
const MEMBERS_ONLY: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string][] = [
  ['PUT', '/api/user.php'],
  ['POST', '/api/activation-mail.php'],
  ['POST', '/api/mail-change.php'],
  ['POST', '/api/password.php'],
  ['POST', '/api/delete-account.php'],
  ['PUT', '/api/profile.php'],
  ['POST', '/api/block.php'],
  ['DELETE', '/api/block.php'],
  ['GET', '/api/blocks.php'],
  ['POST', '/api/report.php'],
  ['GET', '/api/photos.php'],
  ['PUT', '/api/photos.php'],
  ['DELETE', '/api/photos.php'],
  ['GET', '/api/likes.php'],
  ['GET', '/api/likes-list.php?type=nonsense'],
  ['POST', '/api/like.php'],
  ['DELETE', '/api/like.php'],
  ['GET', '/api/swipe.php'],
  ['POST', '/api/swipe.php'],
  ['GET', '/api/match-finder.php?min_age=nonsense'],
];

describe('members-only calls', () => {
  it.each(MEMBERS_ONLY)(
    '%s %s refuses a visitor with authentication_required, whatever the input',
    async (method, url) => {
      const visitor = client(t.app);
      const response =
        method === 'GET'
          ? await visitor.get(url)
          : await visitor[method === 'POST' ? 'post' : method === 'PUT' ? 'put' : 'delete'](url, BROKEN);
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe('authentication_required');
    },
  );
});
