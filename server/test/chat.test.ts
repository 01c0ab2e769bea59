/**
 * The chat as clients see it: conversations and messages, what they cost, the free tier, who may
 * read what, deletion, and what many sends or retries at once do. Each test has its own members.
 */
import { randomUUID } from 'node:crypto';
import { CHAT_PAGE_SIZE, FREE_CONVERSATIONS } from '@amora/common';
import { describe, expect, it } from 'vitest';
import type { EventOf } from '../src/platform/events/catalogue.js';
import {
  type BuiltMember,
  buildMember,
  buildSite,
  changeAccount,
  client,
  loggedIn,
  makePremium,
  multipartFile,
  staffClient,
  type TestClient,
  testPhoto,
  useTestApp,
  withFields,
} from './helpers.js';

const t = useTestApp();

interface Chatter extends BuiltMember {
  visitor: TestClient;
}

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

interface SentMessage {
  conversation: number;
  credits: number;
  free_messages: number;
  message: { id: number; client_id: string | null; from_me: boolean; kind: string; text: string | null };
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

describe('conversations', () => {
  it('starts with a first message to a profile, lists it for both, newest first, with unread counts', async () => {
    const [anna, bram] = [await chatter(), await chatter()];
    const first = await sent(anna, { profile_id: bram.profileId }, { text: 'Hallo Bram' });
    expect(first.message).toMatchObject({ from_me: true, kind: 'text', text: 'Hallo Bram' });

    const bramChats = await chatsOf(bram);
    expect(bramChats.chats).toHaveLength(1);
    expect(bramChats.chats[0]).toMatchObject({
      conversation: first.conversation,
      profile: { id: anna.profileId, name: anna.name, hosted: false },
      num_unread_messages: 1,
      last_message: { text: 'Hallo Bram', from_me: false },
    });
    expect(bramChats.num_unread_messages).toBe(1);
    expect((await chatsOf(anna)).chats[0]).toMatchObject({ num_unread_messages: 0, last_message: { from_me: true } });

    // The answer goes to the same conversation, whichever way it is addressed.
    const answer = await sent(bram, { profile_id: anna.profileId }, { text: 'Hoi Anna' });
    expect(answer.conversation).toBe(first.conversation);
  });

  it('keeps the order of messages, pages back with before= and catches up with after=', async () => {
    const [anna, bram] = [await chatter(), await chatter()];
    const { conversation } = await sent(anna, { profile_id: bram.profileId }, { text: 'message 0' });
    for (let i = 1; i < CHAT_PAGE_SIZE + 5; i++) {
      await sent(i % 2 ? bram : anna, { conversation }, { text: `message ${i}` });
    }
    const newest = await pageOf(anna, conversation);
    expect(newest.messages).toHaveLength(CHAT_PAGE_SIZE);
    expect(newest.messages.at(-1)?.text).toBe(`message ${CHAT_PAGE_SIZE + 4}`);
    expect(newest.has_more).toBe(true);
    expect(newest.history_end).toBeNull();
    const ids = newest.messages.map((message) => message.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));

    const older = await pageOf(anna, conversation, `&before=${ids[0]}`);
    expect(older.messages.map((message) => message.text)).toEqual([0, 1, 2, 3, 4].map((i) => `message ${i}`));
    expect(older).toMatchObject({ has_more: false, history_end: 'start' });

    const caughtUp = await pageOf(anna, conversation, `&after=${ids.at(-3)}`);
    expect(caughtUp.messages.map((message) => message.id)).toEqual(ids.slice(-2));
  });

  it('marks a conversation read when opened, for the reader only, and shows the writer it was read', async () => {
    const [anna, bram] = [await chatter(), await chatter()];
    const reads = collect('chat.read');
    const { conversation, message } = await sent(anna, { profile_id: bram.profileId });
    await sent(anna, { conversation });
    expect((await pageOf(anna, conversation)).read_up_to).toBe(0);

    // A link followed from elsewhere (without the client header) reads nothing.
    await bram.visitor.get(`/api/chat.php?conversation=${conversation}`, { clientHeader: false });
    expect((await chatsOf(bram)).num_unread_messages).toBe(2);

    await pageOf(bram, conversation);
    expect((await chatsOf(bram)).num_unread_messages).toBe(0);
    expect((await chatsOf(anna)).num_unread_messages).toBe(0);
    expect((await pageOf(anna, conversation)).read_up_to).toBeGreaterThan(message.id);
    await expect.poll(() => reads.filter((event) => event.conversationId === conversation)).toHaveLength(1);
    expect(reads.find((event) => event.conversationId === conversation)).toMatchObject({
      readerProfileId: bram.profileId,
      otherProfileId: anna.profileId,
      unread: 0,
    });
  });

  it('publishes each message once, for both sides, with the recipient’s unread total', async () => {
    const [anna, bram] = [await chatter(), await chatter()];
    const published = collect('message.new');
    const { message } = await sent(anna, { profile_id: bram.profileId }, { text: 'Live?' });
    await expect.poll(() => published.filter((event) => event.senderProfileId === anna.profileId)).toHaveLength(1);
    expect(published.find((event) => event.senderProfileId === anna.profileId)).toMatchObject({
      recipientProfileId: bram.profileId,
      unread: 1,
      message: { id: message.id, text: 'Live?', from_me: false, client_id: null },
    });
  });
});

describe('paying for messages', () => {
  it('charges message, gift and photo credits from the ledger', async () => {
    const { message_credits, gift_credits, photo_credits } = t.site.settings;
    const start = message_credits + gift_credits + photo_credits;
    const [anna, bram] = [await chatter({ credits: start }), await chatter()];
    const { conversation, credits } = await sent(anna, { profile_id: bram.profileId });
    expect(credits).toBe(start - message_credits);
    const gift = await sent(anna, { conversation }, { text: undefined, gift_id: 'rose' });
    expect(gift.message).toMatchObject({ kind: 'gift', text: null });
    expect(gift.credits).toBe(photo_credits);

    const upload = multipartFile(await testPhoto());
    const fields = { client_id: randomUUID(), conversation: String(conversation) };
    const photo = await anna.visitor.post('/api/chat.php', withFields(upload, fields), { headers: upload.headers });
    expect(photo.statusCode, photo.body).toBe(200);
    expect(photo.json().credits).toBe(0);
    expect(await balanceOf(anna)).toBe(0);
    const ledger = await t.db
      .selectFrom('credit_ledger')
      .select(['delta', 'reason'])
      .where('user_id', '=', anna.user.id)
      .where('delta', '<', 0)
      .orderBy('id')
      .execute();
    expect(ledger).toEqual([
      { delta: -message_credits, reason: 'text' },
      { delta: -gift_credits, reason: 'gift' },
      { delta: -photo_credits, reason: 'photo' },
    ]);
  });

  it('delivers exactly 3 of 50 concurrent sends on a balance of 3 messages, ending at 0', async () => {
    const [anna, bram] = [await chatter({ credits: 3 * t.site.settings.message_credits }), await chatter()];
    const { conversation } = await sent(bram, { profile_id: anna.profileId });
    const responses = await Promise.all(Array.from({ length: 50 }, () => send(anna, { conversation })));
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(3);
    expect(codes.filter((code) => code === 402)).toHaveLength(47);
    expect(responses.find((response) => response.statusCode === 402)?.json()).toMatchObject({
      error: 'insufficient_credits',
    });
    expect(await balanceOf(anna)).toBe(0);
    expect(await messageCount(conversation)).toBe(4);
  });

  it('stores, charges and delivers once a send retried 5 times in a row and 50 times at once', async () => {
    const [anna, bram] = [await chatter({ credits: 100 }), await chatter()];
    const published = collect('message.new');
    const body = { client_id: randomUUID(), profile_id: bram.profileId, text: 'Only once' };
    const first = await anna.visitor.post('/api/chat.php', body);
    const retries = [];
    for (let i = 0; i < 5; i++) retries.push(await anna.visitor.post('/api/chat.php', body));
    const atOnce = await Promise.all(Array.from({ length: 50 }, () => anna.visitor.post('/api/chat.php', body)));
    for (const response of [...retries, ...atOnce]) {
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toEqual(first.json().message);
    }
    expect(await messageCount(first.json().conversation)).toBe(1);
    expect(await balanceOf(anna)).toBe(100 - t.site.settings.message_credits);
    await expect.poll(() => published.filter((event) => event.clientId === body.client_id)).toHaveLength(1);

    // Another member's use of the same client id is their own message.
    const other = await chatter();
    const theirs = await other.visitor.post('/api/chat.php', { ...body });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().message.id).not.toBe(first.json().message.id);
  });

  it('answers a client id sent again to someone else with the first message, opening nothing for them', async () => {
    const [anna, bram, carl] = [await chatter({ credits: 100 }), await chatter(), await chatter()];
    const body = { client_id: randomUUID(), text: 'Voor Bram' };
    const first = await anna.visitor.post('/api/chat.php', { ...body, profile_id: bram.profileId });
    expect(first.statusCode).toBe(200);

    const again = await anna.visitor.post('/api/chat.php', { ...body, profile_id: carl.profileId, text: 'Voor Carl' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ conversation: first.json().conversation, message: first.json().message });
    expect((await chatsOf(carl)).chats).toHaveLength(0);
    expect((await chatsOf(anna)).chats.map((chat) => chat.profile.id)).toEqual([bram.profileId]);
    expect(await balanceOf(anna)).toBe(100 - t.site.settings.message_credits);
  });

  it('refuses a send without credits, storing nothing', async () => {
    const [anna, bram] = [await chatter({ credits: 0 }), await chatter()];
    const response = await send(anna, { profile_id: bram.profileId });
    expect(response.statusCode).toBe(402);
    expect(response.json().message).toMatch(/credits/i);
    expect((await chatsOf(bram)).chats).toHaveLength(0);
  });
});

describe('the free tier', () => {
  it('gives free messages first, then takes credits', async () => {
    const { message_credits } = t.site.settings;
    const [anna, bram] = [
      await chatter({ premium: false, freeMessages: 2, credits: message_credits }),
      await chatter(),
    ];
    const { conversation } = await sent(anna, { profile_id: bram.profileId });
    await sent(anna, { conversation });
    expect(await balanceOf(anna)).toBe(message_credits);
    await sent(anna, { conversation });
    expect(await balanceOf(anna)).toBe(0);
    expect((await send(anna, { conversation })).statusCode).toBe(402);
  });

  it('tells the member their free messages and prices, and counts the free messages down with each send', async () => {
    const { message_credits, gift_credits, photo_credits } = t.site.settings;
    const [anna, bram] = [await chatter({ premium: false, freeMessages: 2, credits: 100 }), await chatter()];
    expect(await userOf(anna)).toMatchObject({
      free_messages: 2,
      message_prices: { text: message_credits, gift: gift_credits, photo: photo_credits },
    });
    const first = await sent(anna, { profile_id: bram.profileId });
    expect(first).toMatchObject({ credits: 100, free_messages: 1 });
    expect(await sent(anna, { conversation: first.conversation })).toMatchObject({ credits: 100, free_messages: 0 });
    expect(await sent(anna, { conversation: first.conversation })).toMatchObject({
      credits: 100 - message_credits,
      free_messages: 0,
    });
    expect(await userOf(anna)).toMatchObject({ credits: 100 - message_credits, free_messages: 0 });
  });

  it("charges no less than the country's minimum_message_costs at its cheapest credit", async () => {
    // 500 pence at the cheapest British credit (1,000 for £89.00; the trial package aside) is 57 credits.
    await buildSite(t.db, {
      domain: 'minimum.test',
      settings: { countries: ['GB'], minimum_message_costs: { GB: { costs: 500, currency: 'GBP' } } },
    });
    const site = await t.services.sites.findByDomain('minimum.test');
    if (!site) throw new Error('no site minimum.test');
    await t.services.credits.stockSite(site, ['GB']);
    const [anna, bram] = await Promise.all(
      [0, 1].map(async () => {
        const member = await buildMember(t.services, { site, credits: 100, freeMessages: 0 });
        await makePremium(t, member);
        return { ...member, visitor: await loggedIn(t.app, member, { host: site.domain }) };
      }),
    );
    expect((await userOf(anna)).message_prices).toEqual({ text: 57, gift: 57, photo: 57 });
    // The price list tells members and visitors the price the chat charges.
    const told = { message_credits: 57, photo_credits: 57, gift_credits: 57 };
    expect((await anna.visitor.get('/api/credits.php')).json()).toMatchObject(told);
    const visitor = client(t.app, { host: site.domain });
    expect((await visitor.get('/api/pricing.php?country=GB')).json()).toMatchObject(told);
    expect((await sent(anna, { profile_id: bram.profileId })).credits).toBe(43);
    expect(await send(anna, { profile_id: bram.profileId })).toMatchObject({ statusCode: 402 });

    // An admin lowers the minimum: the very next send and user.php follow, though the prices were kept.
    const admin = await staffClient(t, 'admin');
    const lowered = await admin.put('/api/staff/site.php', {
      id: site.id,
      settings: { minimum_message_costs: { GB: { costs: 200, currency: 'GBP' } } },
    });
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect((await userOf(anna)).message_prices).toEqual({ text: 23, gift: 23, photo: 23 });
    expect((await sent(anna, { profile_id: bram.profileId })).credits).toBe(20);
  });

  it(`lets a free member write in ${FREE_CONVERSATIONS} conversations, also when starting many at once`, async () => {
    const anna = await chatter({ premium: false });
    const others = await Promise.all(Array.from({ length: 6 }, () => chatter()));
    const responses = await Promise.all(others.map((other) => send(anna, { profile_id: other.profileId })));
    const accepted = responses.filter((response) => response.statusCode === 200);
    expect(accepted).toHaveLength(FREE_CONVERSATIONS);
    const refused = responses.find((response) => response.statusCode === 403);
    expect(refused?.json()).toMatchObject({ error: 'free_conversation_limit', limit: FREE_CONVERSATIONS });
    expect((await chatsOf(anna)).chats).toHaveLength(FREE_CONVERSATIONS);

    // Where they wrote, they write on; a member who writes to them can be answered once they upgrade.
    const { conversation } = (accepted.at(0)?.json() ?? {}) as SentMessage;
    expect((await send(anna, { conversation })).statusCode).toBe(200);
    const writer = await chatter();
    const incoming = await sent(writer, { profile_id: anna.profileId });
    expect((await send(anna, { conversation: incoming.conversation })).statusCode).toBe(403);
    await makePremium(t, anna);
    expect((await send(anna, { conversation: incoming.conversation })).statusCode).toBe(200);
  });

  it('lets an unconfirmed member read but not write until the activation link is used', async () => {
    const [anna, bram] = [await chatter({ confirmed: false }), await chatter()];
    const incoming = await sent(bram, { profile_id: anna.profileId });
    expect((await pageOf(anna, incoming.conversation)).messages).toHaveLength(1);
    const reply = await send(anna, { conversation: incoming.conversation });
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toMatchObject({ error: 'activation_required' });
    expect(await messageCount(incoming.conversation)).toBe(1);
  });
});

describe('who may read and write', () => {
  it('keeps a conversation and its photos to its two members', async () => {
    const [anna, bram, carl] = [await chatter(), await chatter(), await chatter()];
    const upload = multipartFile(await testPhoto());
    const photo = await anna.visitor.post(
      '/api/chat.php',
      withFields(upload, { client_id: randomUUID(), profile_id: String(bram.profileId) }),
      { headers: upload.headers },
    );
    expect(photo.statusCode, photo.body).toBe(200);
    const { conversation, message } = photo.json();
    expect(message.photo.url).toMatch(/^\/media\/c\/\d+\/[0-9a-f]{32}\.webp$/);

    for (const who of [anna, bram]) {
      const file = await who.visitor.get(message.photo.url);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['cache-control']).toContain('private');
    }
    expect((await carl.visitor.get(message.photo.url)).statusCode).toBe(404);
    expect((await client(t.app).get(message.photo.url)).statusCode).toBe(404);

    expect((await carl.visitor.get(`/api/chat.php?conversation=${conversation}`)).statusCode).toBe(404);
    expect((await send(carl, { conversation })).statusCode).toBe(404);
    expect((await carl.visitor.delete('/api/chat.php', { conversation })).statusCode).toBe(404);
    expect((await client(t.app).get(`/api/chat.php?conversation=${conversation}`)).json()).toMatchObject({
      error: 'authentication_required',
    });
    expect(
      (await client(t.app).post('/api/chat.php', { client_id: randomUUID(), conversation, text: 'x' })).statusCode,
    ).toBe(403);
    expect(await messageCount(conversation)).toBe(1);
  });

  it('lets neither side of a block write to the other', async () => {
    const [anna, bram] = [await chatter(), await chatter()];
    const { conversation } = await sent(anna, { profile_id: bram.profileId });
    expect((await bram.visitor.post('/api/block.php', { profile_id: anna.profileId })).statusCode).toBe(200);
    expect((await send(anna, { conversation })).statusCode).toBe(404);
    expect((await send(bram, { conversation })).statusCode).toBe(404);
    expect((await send(anna, { profile_id: bram.profileId })).statusCode).toBe(404);
    expect((await chatsOf(anna)).chats).toHaveLength(0);
    expect(await messageCount(conversation)).toBe(1);
  });

  it('refuses bad input with a field error and stores nothing', async () => {
    const [anna, bram] = [await chatter({ credits: 100 }), await chatter()];
    const { conversation } = await sent(anna, { profile_id: bram.profileId });
    const refusals: [object, string, string][] = [
      [{ text: 'a\u0000b' }, 'text', 'control_characters'],
      [{ text: 'x'.repeat(t.site.settings.message_length + 1) }, 'text', 'too_long'],
      [{ text: '   ' }, 'text', 'required'],
      [{ text: 'two', gift_id: 'rose' }, 'text', 'required'],
      [{ text: undefined, gift_id: 'diamond' }, 'gift_id', 'invalid_choice'],
      [{ client_id: 'not-a-uuid' }, 'client_id', 'invalid'],
      [{ profile_id: bram.profileId }, 'conversation', 'required'],
      [{ conversation: 'abc' }, 'conversation', 'invalid_choice'],
    ];
    for (const [body, field, code] of refusals) {
      const response = await send(anna, { conversation }, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().fields[field]?.code, JSON.stringify(body)).toBe(code);
    }
    expect((await send(anna, { profile_id: anna.profileId })).statusCode).toBe(422);
    expect((await send(anna, { profile_id: 999_999 })).statusCode).toBe(404);
    const notAPhoto = multipartFile(Buffer.from('GIF89a not really'));
    const broken = await anna.visitor.post(
      '/api/chat.php',
      withFields(notAPhoto, { client_id: randomUUID(), conversation: String(conversation) }),
      { headers: notAPhoto.headers },
    );
    expect(broken.json()).toMatchObject({ error: 'photo_invalid' });
    expect(await messageCount(conversation)).toBe(1);
    expect(await balanceOf(anna)).toBe(100 - t.site.settings.message_credits);
  });
});

describe('deleting a conversation', () => {
  it('hides it for the deleting member only, until a new message arrives without the old ones', async () => {
    const [anna, bram] = [await chatter(), await chatter()];
    const { conversation } = await sent(anna, { profile_id: bram.profileId }, { text: 'before' });
    const response = await bram.visitor.delete('/api/chat.php', { conversation });
    expect(response.statusCode).toBe(200);
    expect((await chatsOf(bram)).chats).toHaveLength(0);
    expect((await chatsOf(bram)).num_unread_messages).toBe(0);
    expect((await pageOf(anna, conversation)).messages).toHaveLength(1);

    await sent(anna, { conversation }, { text: 'after' });
    const [entry] = (await chatsOf(bram)).chats;
    expect(entry).toMatchObject({ conversation, num_unread_messages: 1, last_message: { text: 'after' } });
    expect((await pageOf(bram, conversation)).messages.map((message) => message.text)).toEqual(['after']);
    expect((await pageOf(anna, conversation)).messages.map((message) => message.text)).toEqual(['before', 'after']);
  });
});
