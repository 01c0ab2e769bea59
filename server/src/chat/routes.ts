import { PHOTO_MAX_BYTES } from '@amora/common';
import {
  chatQuery,
  chatResponse,
  chatsResponse,
  conversationBody,
  okResponse,
  sendMessageRequest,
  sendMessageResponse,
  sendPhotoFields,
} from '@amora/common/schemas';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError, fieldError } from '../platform/errors.js';
import { sentByClient } from '../platform/http/client-header.js';
import { invalidFields } from '../platform/http/error-handler.js';
import { sendObject } from '../platform/http/media.js';
import { perMember } from '../platform/http/rate-limits.js';
import type { SendTarget } from './service.js';
import type { Outgoing } from './writer.js';

/** A photo message: its form's fields and its one file. */
async function photoMessage(request: FastifyRequest): Promise<{ target: SendTarget; outgoing: Outgoing }> {
  const fields: Record<string, string> = {};
  let photo: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') photo = await part.toBuffer();
      else fields[part.fieldname] = String(part.value);
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new DomainError('photo_too_large');
    throw new DomainError('photo_invalid');
  }
  const parsed = sendPhotoFields.safeParse(fields);
  if (!parsed.success) throw invalidFields(parsed.error);
  if (!photo) throw new DomainError('photo_invalid');
  return { target: parsed.data, outgoing: { photo } };
}

export const chatRoutes: FastifyPluginAsyncZod<{ rateLimitScale: number }> = async (app, { rateLimitScale }) => {
  const { services } = app;
  const { chat } = services;
  const signedIn = { signedIn: true };
  const limited = perMember(rateLimitScale);
  await app.register(multipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 3, parts: 4 } });

  app.get('/api/chats.php', { schema: { response: { 200: chatsResponse } }, config: signedIn }, async (request) =>
    chat.chats(request.site, request.member),
  );

  app.get(
    '/api/chat.php',
    { schema: { querystring: chatQuery, response: { 200: chatResponse }, errors: ['not_found'] }, config: signedIn },
    // Only the web app's own request marks the conversation read, never a link followed from elsewhere.
    async (request) => chat.conversation(request.site, request.member, request.query, sentByClient(request)),
  );

  app.post(
    '/api/chat.php',
    {
      schema: {
        description:
          'Sends a text or a gift as JSON, or a photo as multipart/form-data (fields client_id and conversation or profile_id, and one file).',
        body: sendMessageRequest,
        response: { 200: sendMessageResponse },
        errors: [
          'activation_required',
          'not_found',
          'insufficient_credits',
          'free_conversation_limit',
          'photo_invalid',
          'photo_too_large',
          'photo_too_many_pixels',
          'photo_too_small',
        ],
      },
      // A photo comes as a form, which the JSON schema does not describe; each kind is checked below.
      attachValidation: true,
      config: { ...limited(60, 1), ...signedIn },
    },
    async (request) => {
      if (request.isMultipart()) {
        const { target, outgoing } = await photoMessage(request);
        return chat.send(request.site, request.member, target, outgoing);
      }
      if (request.validationError) throw request.validationError;
      const { text, gift_id, ...target } = request.body;
      let outgoing: Outgoing;
      if (text !== undefined && gift_id === undefined) outgoing = { text };
      else if (gift_id !== undefined && text === undefined) outgoing = { gift: gift_id };
      else throw fieldError('text', 'required');
      return chat.send(request.site, request.member, target, outgoing);
    },
  );

  app.delete(
    '/api/chat.php',
    { schema: { body: conversationBody, response: { 200: okResponse }, errors: ['not_found'] }, config: signedIn },
    async (request) => {
      await chat.remove(request.site, request.member, request.body.conversation);
      return { ok: true as const };
    },
  );

  app.get('/media/c/*', { schema: { hide: true } }, async (request, reply) => {
    const file = `c/${(request.params as { '*': string })['*']}`;
    const object = await chat.photoObject(request.site, request.viewer?.profileId, file);
    return sendObject(reply, object, 'private, max-age=86400');
  });
};
