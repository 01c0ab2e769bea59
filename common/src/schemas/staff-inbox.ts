/** The operators' inbox (/api/staff/): conversations waiting, claims, answers as hosted profiles, notes and persona sheets. */
import { z } from 'zod';
import { CHAT_TEXT_MAX_LENGTH, GIFTS, LOCALES, OPERATOR_PRIVATE_PHOTO_ACTIONS } from '../constants.js';
import { chatMessage, messageKind } from './chat.js';
import { id } from './ids.js';
import { choice, memberProfile } from './members.js';
import { namedRecord } from './staff.js';
import { multilineText, text } from './text.js';

/** A conversation waiting for a hosted profile's answer; names only, never a member's email or payments. */
export const inboxEntry = z.object({
  conversation: z.number(),
  hosted: namedRecord,
  /** The member writes in `language`; `time_zone` is their country's, for their local time. */
  member: namedRecord.extend({ language: z.enum(LOCALES), country: z.string().nullable(), time_zone: z.string() }),
  waiting_since: z.string(),
  last_message: z.object({ kind: messageKind, text: z.string().nullable(), gift: z.enum(GIFTS).nullable() }),
  claimed_by: z.string().nullable(),
  claimed_by_me: z.boolean(),
});
export type InboxEntry = z.infer<typeof inboxEntry>;
export const inboxResponse = z.object({ conversations: z.array(inboxEntry), refreshed_at: z.string() });

export const claimResponse = z.object({ conversation: z.number(), claim_expires_at: z.string() });

export const staffNote = z.object({ id: z.number(), text: z.string(), created_at: z.string(), staff: z.string() });
export type StaffNote = z.infer<typeof staffNote>;
/** POST /api/staff/note.php: a note on the member of a held conversation. */
export const operatorNoteRequest = z.object({
  conversation: id,
  text: multilineText().trim().min(1, 'required').max(2000, 'too_long'),
});
export const notesResponse = z.object({ notes: z.array(staffNote) });

/** What operators keep consistent about a hosted profile, beside every conversation with it. */
export const personaFacts = z.object({
  job: text().trim().max(200, 'too_long'),
  town: text().trim().max(200, 'too_long'),
  family: text().trim().max(200, 'too_long'),
  pets: text().trim().max(200, 'too_long'),
  hobbies: text().trim().max(200, 'too_long'),
  /** What the profile has told members before (stories, plans, places). */
  story: multilineText().trim().max(4000, 'too_long'),
});
export type PersonaFacts = z.infer<typeof personaFacts>;
/** The sheet as it stands: `version` 0 before its first edit. */
export const persona = personaFacts.extend({
  version: z.number(),
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type Persona = z.infer<typeof persona>;

/** PUT /api/staff/persona.php: the sheet of the conversation's hosted profile, edited from `version`. */
export const personaRequest = z.object({
  conversation: id,
  version: z.number({ message: 'invalid' }).int('invalid').min(0, 'invalid'),
  facts: personaFacts,
});
export const personaResponse = z.object({ persona });

/** GET /api/staff/conversation.php: a conversation the operator holds. */
export const operatorConversationQuery = z.object({ conversation: id });

/** A claimed conversation: the history as the hosted profile, both public profiles, and the notes on the member. */
export const operatorConversationResponse = z.object({
  conversation: z.number(),
  awaiting: z.boolean(),
  messages: z.array(chatMessage),
  member: memberProfile,
  /** The hosted profile's persona sheet. */
  persona,
  hosted: memberProfile,
  notes: z.array(staffNote),
});
export type OperatorConversation = z.infer<typeof operatorConversationResponse>;

const answerTarget = z.object({ conversation: id, client_id: z.string().uuid('invalid').optional() });

/** An answer as the hosted profile: a text or one of the profile's photos, never both. */
export const answerRequest = z.union([
  answerTarget.extend({
    text: multilineText().trim().min(1, 'required').max(CHAT_TEXT_MAX_LENGTH, 'too_long'),
    photo_id: z.never().optional(),
  }),
  answerTarget.extend({ photo_id: id, text: z.never().optional() }),
]);
export const answerResponse = z.object({ message: chatMessage });

/** POST /api/staff/private-photos.php: the hosted profile grants, declines or revokes its private photos to the member. */
export const operatorPrivatePhotosRequest = z
  .object({ conversation: id, action: choice(OPERATOR_PRIVATE_PHOTO_ACTIONS) })
  .strict();
