/**
 * What chat messages cost as clients see it: message, gift and photo credits from the ledger, many
 * sends or retries at once charged once, the free tier (free messages, free conversations, the
 * country's minimum price) and an unconfirmed member who may read but not write. Each test has its own members.
 */
import { randomUUID } from 'node:crypto';
import { FREE_CONVERSATIONS } from '@amora/common';
import { describe, expect, it } from 'vitest';
import { chatKit, type SentMessage } from './chatting.js';
import {
  buildMember,
  buildSite,
  client,
  loggedIn,
  makePremium,
  multipartFile,
  staffClient,
  testPhoto,
  useTestApp,
  withFields,
} from './helpers.js';

const t = useTestApp();
const { chatter, send, sent, userOf, chatsOf, pageOf, balanceOf, messageCount, collect } = chatKit(t);

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
