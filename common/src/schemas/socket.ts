/** The live socket (GET /api/ws): what the server pushes to an app, and what an app signals back. */
import { z } from 'zod';
import { chatMessage } from './chat.js';

const count = z.number().int().min(0);
const profileId = z.number().int().positive();
const conversation = z.number().int().positive();

/** What the server tells an app over its WebSocket. */
export const serverPush = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), message: chatMessage, unread: count.optional() }),
  z.object({ type: z.literal('read'), conversation, up_to: z.number().int() }),
  z.object({ type: z.literal('badge'), unread: count }),
  z.object({ type: z.literal('typing'), conversation, profile_id: profileId }),
  z.object({ type: z.literal('hidden'), conversation, unread: count }),
  z.object({ type: z.literal('like'), profile_id: profileId }),
  z.object({ type: z.literal('match'), profile_id: profileId }),
  /** The member's credits or premium changed (a payment was paid or refunded): fetch the user again. */
  z.object({ type: z.literal('credits') }),
  /** The member's own account or profile changed elsewhere (activated from the mail, edited on another device): fetch the user again. */
  z.object({ type: z.literal('account') }),
  /** The member's data export is ready to download. */
  z.object({ type: z.literal('export') }),
  /** Sent once the missed messages have been sent after a (re)connect. */
  z.object({ type: z.literal('ready') }),
]);
export type ServerPush = z.infer<typeof serverPush>;

/** What an app tells the server over its WebSocket: the member is typing, or the page was shown or hidden. */
export const clientSignal = z.discriminatedUnion('type', [
  z.object({ type: z.literal('typing'), conversation }),
  z.object({ type: z.literal('visible'), visible: z.boolean() }),
]);
export type ClientSignal = z.infer<typeof clientSignal>;
