/** The operators' inbox under /api/staff/: claims, held conversations, answers as hosted profiles, personas and notes. */
import {
  answerRequest,
  answerResponse,
  claimResponse,
  id,
  inboxResponse,
  multilineText,
  notesResponse,
  okResponse,
  operatorConversationResponse,
  operatorPrivatePhotosRequest,
  personaRequest,
  personaResponse,
} from '@amora/common/schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRight, STAFF_REFUSALS } from '../identity/staff/policy.js';

const conversationBody = z.object({ conversation: id });
/** The refusals of a call about a conversation the operator must have claimed. */
const CLAIMED = [...STAFF_REFUSALS, 'not_found', 'claim_required'] as const;
const noteBody = conversationBody.extend({ text: multilineText().trim().min(1, 'required').max(2000, 'too_long') });
const operator = (request: FastifyRequest) => requireRight(request.staff, 'inbox');

export const inboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { inbox } = app.services.operators;
  app.get(
    '/api/staff/inbox.php',
    { schema: { response: { 200: inboxResponse }, errors: STAFF_REFUSALS } },
    async (request) => inbox.inbox(request.site, operator(request)),
  );

  app.post(
    '/api/staff/claim.php',
    {
      schema: {
        body: conversationBody,
        response: { 200: claimResponse },
        errors: [...STAFF_REFUSALS, 'not_found', 'claim_taken', 'claim_capacity', 'staff_away'],
      },
    },
    async (request) => inbox.claim(request.site, operator(request), request.body.conversation),
  );

  app.post(
    '/api/staff/release.php',
    { schema: { body: conversationBody, response: { 200: okResponse }, errors: [...STAFF_REFUSALS, 'not_found'] } },
    async (request) => {
      await inbox.release(request.site, operator(request), request.body.conversation);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/staff/conversation.php',
    {
      schema: {
        querystring: z.object({ conversation: id }),
        response: { 200: operatorConversationResponse },
        errors: CLAIMED,
      },
    },
    async (request) => inbox.conversation(request.site, operator(request), request.query.conversation),
  );

  app.post(
    '/api/staff/answer.php',
    { schema: { body: answerRequest, response: { 200: answerResponse }, errors: CLAIMED } },
    async (request) => inbox.answer(request.site, operator(request), request.body),
  );

  app.post(
    '/api/staff/private-photos.php',
    {
      schema: {
        description:
          "Grants, declines or revokes the hosted profile's private photos to the member of a held conversation.",
        body: operatorPrivatePhotosRequest,
        response: { 200: operatorConversationResponse },
        errors: CLAIMED,
      },
    },
    async (request) => inbox.privatePhotos(request.site, operator(request), request.body),
  );

  app.put(
    '/api/staff/persona.php',
    {
      schema: { body: personaRequest, response: { 200: personaResponse }, errors: [...CLAIMED, 'persona_changed'] },
    },
    async (request) => inbox.editPersona(request.site, operator(request), request.body),
  );

  app.post(
    '/api/staff/note.php',
    { schema: { body: noteBody, response: { 200: notesResponse }, errors: CLAIMED } },
    async (request) => inbox.addNote(request.site, operator(request), request.body.conversation, request.body.text),
  );
};
