/**
 * Notifications in the API tests: a premium member with credits who writes to others, and the
 * bundling wait (MAIL_BUNDLE_SECONDS, five minutes by default) passed on the test clock.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import {
  type BuiltMember,
  buildMember,
  client,
  loggedIn,
  makePremium,
  settle,
  type TestApp,
  type TestClient,
} from './helpers.js';

export interface Someone extends BuiltMember {
  visitor: TestClient;
}

export function notificationKit(t: TestApp) {
  async function someone(language: 'en' | 'nl' | 'de' = 'en'): Promise<Someone> {
    const member = await buildMember(t.services, { credits: 1000, freeMessages: 0, language });
    await makePremium(t, member);
    return { ...member, visitor: await loggedIn(t.app, member) };
  }

  /** Writes to a profile, or in a conversation (a number). */
  async function send(from: Someone, to: { profileId: number } | number, text = 'Hoi!') {
    const target = typeof to === 'number' ? { conversation: to } : { profile_id: to.profileId };
    const response = await from.visitor.post('/api/chat.php', { client_id: randomUUID(), text, ...target });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { conversation: number };
  }

  /** Lets the bundling wait pass and runs what became due. */
  async function afterBundleDelay() {
    await settle(t);
    t.clock.advance({ minutes: 6 });
    await settle(t);
  }

  /** As a mail client posts it (RFC 8058): a form, without the web app's header or a session. */
  function oneClick(path: string) {
    return client(t.app).post(path, Buffer.from('List-Unsubscribe=One-Click'), {
      clientHeader: false,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  }

  return { someone, send, afterBundleDelay, oneClick };
}

export function unsubscribeLinks(mail: { text: string; headers: string }) {
  const headers = JSON.parse(mail.headers) as Record<string, string>;
  const oneClick = headers['List-Unsubscribe']?.match(/^<(.+)>$/)?.[1] ?? '';
  const page = mail.text.match(/https?:\/\/\S+\/unsubscribe\?\S+/)?.[0] ?? '';
  const oneClickUrl = new URL(oneClick);
  return { headers, oneClick: `${oneClickUrl.pathname}${oneClickUrl.search}`, page: new URL(page) };
}
