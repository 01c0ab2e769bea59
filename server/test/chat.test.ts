/**
 * The chat as clients see it: conversations and messages, who may read and write what, and deletion.
 * What messages cost and the free tier: chat-credits.test.ts. Each test has its own members.
 */
import { randomUUID } from 'node:crypto';
import { CHAT_PAGE_SIZE } from '@amora/common';
import { describe, expect, it } from 'vitest';
import { chatKit } from './chatting.js';
import { client, multipartFile, testPhoto, useTestApp, withFields } from './helpers.js';

const t = useTestApp();
const { chatter, send, sent, chatsOf, pageOf, balanceOf, messageCount, collect } = chatKit(t);

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
