/**
 * The chat: conversations between two profiles, and their messages (text, a gift from the
 * catalogue, or a photo), paid with the site's credits.
 */
import { z } from 'zod';
import { CHAT_TEXT_MAX_LENGTH, GIFTS, PRIVATE_PHOTO_LINES, SENT_KINDS } from '../constants.js';
import { id, MAX_ID, wholeNumber } from './ids.js';
import { choice, image } from './members.js';
import { multilineText, text } from './text.js';

export const messageKind = z.enum([...SENT_KINDS, ...PRIVATE_PHOTO_LINES]);
export type MessageKind = z.infer<typeof messageKind>;

/** A photo in a message, fetched from /media by the two members only. */
export const messagePhoto = z.object({ url: z.string(), width: z.number(), height: z.number() });

export const chatMessage = z.object({
  id: z.number(),
  conversation: z.number(),
  /** The id the sending client made; given to the sender only. */
  client_id: z.string().nullable(),
  from_me: z.boolean(),
  kind: messageKind,
  text: z.string().nullable(),
  gift: z.enum(GIFTS).nullable(),
  photo: messagePhoto.nullable(),
  created_at: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

/** The other side of a conversation, as its header and the list show them. */
export const chatProfile = z.object({
  id: z.number(),
  name: z.string(),
  age: z.number(),
  hosted: z.boolean(),
  main_image: image.nullable(),
  /** online now, seen recently (the last hour), or neither; never made up for a hosted profile. */
  presence: z.enum(['online', 'recently', 'away']),
});
export type ChatProfile = z.infer<typeof chatProfile>;

export const lastMessage = z.object({
  kind: messageKind,
  text: z.string().nullable(),
  gift: z.enum(GIFTS).nullable(),
  from_me: z.boolean(),
  created_at: z.string(),
});

/** GET /api/chats.php: the member's conversations, newest activity first. */
export const chatEntry = z.object({
  conversation: z.number(),
  profile: chatProfile,
  num_unread_messages: z.number(),
  last_message: lastMessage.nullable(),
  updated_at: z.string(),
});
export type ChatEntry = z.infer<typeof chatEntry>;

/** Where a page of chats.php ends: the last conversation's activity and id, `<ISO time>~<id>`. */
export const chatsCursor = text()
  .max(60, 'invalid_choice')
  .transform((value, context) => {
    const match = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,6})?Z)~([1-9]\d{0,9})$/.exec(value);
    if (!match || Number(match[2]) > MAX_ID || Number.isNaN(Date.parse(match[1]))) {
      context.addIssue({ code: 'custom', message: 'invalid_choice' });
      return z.NEVER;
    }
    return { activityAt: match[1], conversation: Number(match[2]) };
  });
export type ChatsCursor = z.output<typeof chatsCursor>;
export const chatsCursorText = ({ activityAt, conversation }: ChatsCursor) => `${activityAt}~${conversation}`;

/** GET /api/chats.php: a page of conversations after `before`, or the one with `profile_id` (when there is one). */
export const chatsQuery = z.object({
  before: chatsCursor.optional(),
  profile_id: id.optional(),
});
export type ChatsQuery = z.infer<typeof chatsQuery>;

export const chatsResponse = z.object({
  chats: z.array(chatEntry),
  /** Unread messages in all the member's conversations, not only this page's. */
  num_unread_messages: z.number(),
  /** The `before` of the next page; null on the last. */
  more: z.string().nullable(),
});
export type ChatsResponse = z.infer<typeof chatsResponse>;

/** GET /api/chat.php: a page of messages, oldest first; `before` pages back, `after` catches up. */
export const chatQuery = z.object({
  conversation: id,
  before: id.optional(),
  after: wholeNumber(0, MAX_ID).optional(),
});
export type ChatQuery = z.infer<typeof chatQuery>;

export const chatResponse = z.object({
  conversation: z.number(),
  profile: chatProfile,
  messages: z.array(chatMessage),
  /** More, older messages can be loaded with before=. */
  has_more: z.boolean(),
  /** Where the history ends above the page: the conversation's start, the history limit, or not yet. */
  history_end: z.enum(['start', 'limit']).nullable(),
  /** The other side has read the member's messages up to this id. */
  read_up_to: z.number(),
});
export type ChatResponse = z.infer<typeof chatResponse>;

/** Whom a message is for: a profile (the first message) or a conversation. */
const recipient = {
  profile_id: id.optional(),
  conversation: id.optional(),
};
const clientId = z.string().uuid('invalid');

/** POST /api/chat.php as JSON: a text or a gift. A photo is sent as multipart with the same fields. */
export const sendMessageRequest = z
  .object({
    ...recipient,
    client_id: clientId,
    text: multilineText().max(CHAT_TEXT_MAX_LENGTH, 'too_long').optional(),
    gift_id: choice(GIFTS).optional(),
  })
  .strict();
export type SendMessageRequest = z.infer<typeof sendMessageRequest>;

/** The fields of a photo message's multipart form. */
export const sendPhotoFields = z.object({ ...recipient, client_id: clientId });
export type SendPhotoFields = z.infer<typeof sendPhotoFields>;

export const sendMessageResponse = z.object({
  conversation: z.number(),
  message: chatMessage,
  credits: z.number(),
  free_messages: z.number(),
});
export type SendMessageResponse = z.infer<typeof sendMessageResponse>;

export const conversationBody = z.object({ conversation: id });
