/**
 * GET /api/chats.php page by page: 30 conversations a page, newest activity first, "more" until the
 * last, the unread total over all of them, the conversation with one profile, and cursors that are
 * not the server's refused.
 */
import { CHATS_PAGE_SIZE } from '@amora/common';
import { describe, expect, it } from 'vitest';
import { buildMember, type LoggedInMember, loggedIn, loggedInMember, makePremium, useTestApp } from './helpers.js';

const t = useTestApp();

interface Entry {
  conversation: number;
  profile: { id: number };
  num_unread_messages: number;
  last_message: { text: string | null } | null;
  updated_at: string;
}
interface ChatsPage {
  chats: Entry[];
  num_unread_messages: number;
  more: string | null;
}

async function chatsPage(who: LoggedInMember, query = ''): Promise<ChatsPage> {
  const response = await who.visitor.get(`/api/chats.php${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ChatsPage;
}

/** Every page from the first on, as a client following `more` reads them. */
async function allPages(who: LoggedInMember): Promise<ChatsPage[]> {
  const pages = [await chatsPage(who)];
  for (let more = pages[0].more; more; more = pages.at(-1)?.more ?? null) {
    pages.push(await chatsPage(who, `?before=${encodeURIComponent(more)}`));
  }
  return pages;
}

async function sendText(from: LoggedInMember, profileId: number, text: string) {
  const response = await from.visitor.post('/api/chat.php', {
    client_id: crypto.randomUUID(),
    text,
    profile_id: profileId,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().conversation as number;
}

/**
 * A premium member who wrote to `count` other members, a minute apart every fifth one so that the
 * order has ties on time too; the first `writers` of them wrote back at once. Oldest first.
 */
async function memberWithConversations(count: number, writers = 0) {
  const built = await buildMember(t.services, { credits: 1000, freeMessages: 0 });
  await makePremium(t, built);
  const member = { ...built, visitor: await loggedIn(t.app, built) };
  const others: LoggedInMember[] = [];
  const conversations: number[] = [];
  for (let index = 0; index < count; index++) {
    if (index % 5 === 0) t.clock.advance({ minutes: 1 });
    const otherMember = await buildMember(t.services, { credits: 100 });
    const other = { ...otherMember, visitor: await loggedIn(t.app, otherMember) };
    others.push(other);
    conversations.push(await sendText(member, other.profileId, `Hallo ${index}`));
    if (index < writers) await sendText(other, member.profileId, 'Terug!');
  }
  return { member, others, conversations };
}

describe('GET /api/chats.php', () => {
  it('lists 30 conversations a page with "more", each conversation exactly once, newest first', async () => {
    const { member, conversations } = await memberWithConversations(CHATS_PAGE_SIZE + 4);
    const pages = await allPages(member);
    expect(pages.map((page) => page.chats.length)).toEqual([CHATS_PAGE_SIZE, 4]);
    expect(pages.at(-1)?.more).toBeNull();
    const listed = pages.flatMap((page) => page.chats);
    expect(listed.map((entry) => entry.conversation)).toEqual([...conversations].reverse());
    expect(listed.at(-1)?.last_message?.text).toBe('Hallo 0');
  });

  it('moves a conversation with a new message to the top of the first page', async () => {
    const { member, others, conversations } = await memberWithConversations(CHATS_PAGE_SIZE + 2);
    t.clock.advance({ minutes: 1 });
    await sendText(others[0], member.profileId, 'Ik ben er nog!');
    const [first, second] = await allPages(member);
    expect(first.chats[0]).toMatchObject({
      conversation: conversations[0],
      num_unread_messages: 1,
      last_message: { text: 'Ik ben er nog!' },
    });
    expect(second.chats.map((entry) => entry.conversation)).not.toContain(conversations[0]);
  });

  it('counts the unread messages of every conversation, not only those of the page', async () => {
    const { member } = await memberWithConversations(CHATS_PAGE_SIZE + 3, 3);
    const [first, second] = await allPages(member);
    expect(first.chats.every((entry) => entry.num_unread_messages === 0)).toBe(true);
    expect(second.chats.map((entry) => entry.num_unread_messages)).toEqual([1, 1, 1]);
    expect(first.num_unread_messages).toBe(3);
    expect(second.num_unread_messages).toBe(3);
  });

  it('leaves out a profile that blocked the member, and the pages still go on past it', async () => {
    const { member, others, conversations } = await memberWithConversations(CHATS_PAGE_SIZE + 2);
    const blocker = others[CHATS_PAGE_SIZE + 1];
    expect((await blocker.visitor.post('/api/block.php', { profile_id: member.profileId })).statusCode).toBe(200);
    const pages = await allPages(member);
    const listed = pages.flatMap((page) => page.chats.map((entry) => entry.conversation));
    expect(listed).toEqual([...conversations].reverse().filter((id) => id !== conversations[CHATS_PAGE_SIZE + 1]));
  });

  it('finds the conversation with one profile wherever it is in the list, and none with a stranger', async () => {
    const { member, others, conversations } = await memberWithConversations(CHATS_PAGE_SIZE + 1);
    const oldest = await chatsPage(member, `?profile_id=${others[0].profileId}`);
    expect(oldest.chats.map((entry) => entry.conversation)).toEqual([conversations[0]]);
    expect(oldest.more).toBeNull();
    const stranger = await loggedInMember(t);
    expect((await chatsPage(member, `?profile_id=${stranger.profileId}`)).chats).toEqual([]);
    // Another member's conversation with the same profile is not the member's to find.
    expect((await chatsPage(stranger, `?profile_id=${others[0].profileId}`)).chats).toEqual([]);
  });

  it('refuses a cursor or profile it did not make: made up, cut, a NUL byte, out of range', async () => {
    const member = await loggedInMember(t);
    const refused = {
      before: [
        'yesterday~5',
        '2026-11-29T04:00:00.000Z',
        '2026-11-29T04:00:00.000Z~0',
        '2026-11-29T04:00:00.000Z~99999999999',
        '2026-13-45T04:00:00.000Z~5',
        '2026-11-29T04:00:00.000Z~5\u0000',
        `2026-11-29T04:00:00.000Z~5${'9'.repeat(100)}`,
      ],
      profile_id: ['0', '-1', 'abc', '2147483648', '5\u0000'],
    };
    for (const [field, values] of Object.entries(refused)) {
      for (const value of values) {
        const response = await member.visitor.get(`/api/chats.php?${field}=${encodeURIComponent(value)}`);
        expect(response.statusCode, value).toBe(422);
        expect(['invalid_choice', 'control_characters']).toContain(response.json().fields[field].code);
      }
    }
  });

  it('answers a well-formed cursor past the end with an empty last page', async () => {
    const { member } = await memberWithConversations(2);
    const page = await chatsPage(member, `?before=${encodeURIComponent('2000-01-01T00:00:00.000Z~1')}`);
    expect(page).toEqual({ chats: [], num_unread_messages: 0, more: null });
  });
});
