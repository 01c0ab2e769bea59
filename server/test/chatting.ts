/**
 * The chat in the API tests: a logged-in member who writes, and what they and the database see:
 * their balance, their list of chats, a page of a conversation, the events published.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { EventOf } from '../src/platform/events/catalogue.js';
import {
  type BuiltMember,
  buildMember,
  changeAccount,
  loggedIn,
  makePremium,
  type TestApp,
  type TestClient,
} from './helpers.js';

export interface Chatter extends BuiltMember {
  visitor: TestClient;
}

export interface SentMessage {
  conversation: number;
  credits: number;
  free_messages: number;
  message: { id: number; client_id: string | null; from_me: boolean; kind: string; text: string | null };
}

export function chatKit(t: TestApp) {
  /** A logged-in member; premium with `credits` and no free messages unless told otherwise. */
  async function chatter(
    options: { credits?: number; freeMessages?: number; premium?: boolean; confirmed?: boolean } = {},
  ): Promise<Chatter> {
    const member = await buildMember(t.services, {
      credits: options.credits ?? 1000,
      freeMessages: options.freeMessages ?? 0,
    });
    if (options.premium ?? true) await makePremium(t, member);
    if (options.confirmed === false) {
      await changeAccount(t, member.user, { status: 'not_confirmed' });
    }
    return { ...member, visitor: await loggedIn(t.app, member) };
  }

  function send(from: Chatter, to: { profile_id: number } | { conversation: number }, body: object = {}) {
    return from.visitor.post('/api/chat.php', { client_id: randomUUID(), text: 'Hoi!', ...to, ...body });
  }

  async function sent(from: Chatter, to: { profile_id: number } | { conversation: number }, body: object = {}) {
    const response = await send(from, to, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as SentMessage;
  }

  async function userOf(who: Chatter) {
    const response = await who.visitor.get('/api/user.php');
    expect(response.statusCode).toBe(200);
    return response.json().user as {
      credits: number;
      free_messages: number;
      message_prices: { text: number; gift: number; photo: number };
    };
  }

  async function chatsOf(who: Chatter) {
    const response = await who.visitor.get('/api/chats.php');
    expect(response.statusCode).toBe(200);
    return response.json() as {
      chats: {
        conversation: number;
        profile: { id: number; name: string; hosted: boolean; presence: string };
        num_unread_messages: number;
        last_message: { text: string | null; from_me: boolean } | null;
      }[];
      num_unread_messages: number;
    };
  }

  async function pageOf(who: Chatter, conversation: number, query = '') {
    const response = await who.visitor.get(`/api/chat.php?conversation=${conversation}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      messages: { id: number; text: string | null; from_me: boolean; kind: string; photo: { url: string } | null }[];
      has_more: boolean;
      history_end: string | null;
      read_up_to: number;
    };
  }

  const balanceOf = (member: BuiltMember) => t.services.credits.balance(member.user.id);

  async function messageCount(conversation: number): Promise<number> {
    const row = await t.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('conversation_id', '=', conversation)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Collects the events of one type published while a test runs. */
  function collect<T extends 'message.new' | 'chat.read' | 'chat.hidden'>(type: T): EventOf<T>[] {
    const seen: EventOf<T>[] = [];
    t.services.events.subscribe(type, (event) => {
      seen.push(event);
    });
    return seen;
  }

  return { chatter, send, sent, userOf, chatsOf, pageOf, balanceOf, messageCount, collect };
}
