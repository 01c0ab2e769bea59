/** The operators' inbox: claims, held conversations, answers as hosted profiles, personas and notes. */
import type { ErrorCode } from '../errors.js';
import { defineRoute } from './route.js';

/** The refusals of a call about a conversation the operator must have claimed. */
const CLAIMED = ['not_found', 'claim_required'] as const satisfies readonly ErrorCode[];

export const staffInboxRoutes = {
  inbox: defineRoute({
    method: 'GET',
    path: '/api/staff/inbox.php',
    access: { staff: 'inbox' },
    response: 'inboxResponse',
  }),
  claim: defineRoute({
    method: 'POST',
    path: '/api/staff/claim.php',
    access: { staff: 'inbox' },
    body: 'conversationBody',
    response: 'claimResponse',
    errors: ['not_found', 'claim_taken', 'claim_capacity', 'staff_away'],
  }),
  release: defineRoute({
    method: 'POST',
    path: '/api/staff/release.php',
    access: { staff: 'inbox' },
    body: 'conversationBody',
    response: 'okResponse',
    errors: ['not_found'],
  }),
  conversation: defineRoute({
    method: 'GET',
    path: '/api/staff/conversation.php',
    access: { staff: 'inbox' },
    query: 'operatorConversationQuery',
    response: 'operatorConversationResponse',
    errors: CLAIMED,
  }),
  answer: defineRoute({
    method: 'POST',
    path: '/api/staff/answer.php',
    access: { staff: 'inbox' },
    body: 'answerRequest',
    response: 'answerResponse',
    errors: CLAIMED,
    retry: true,
  }),
  privatePhotos: defineRoute({
    method: 'POST',
    path: '/api/staff/private-photos.php',
    access: { staff: 'inbox' },
    body: 'operatorPrivatePhotosRequest',
    response: 'operatorConversationResponse',
    errors: CLAIMED,
  }),
  editPersona: defineRoute({
    method: 'PUT',
    path: '/api/staff/persona.php',
    access: { staff: 'inbox' },
    body: 'personaRequest',
    response: 'personaResponse',
    errors: [...CLAIMED, 'persona_changed'],
  }),
  addNote: defineRoute({
    method: 'POST',
    path: '/api/staff/note.php',
    access: { staff: 'inbox' },
    body: 'operatorNoteRequest',
    response: 'notesResponse',
    errors: CLAIMED,
  }),
};
