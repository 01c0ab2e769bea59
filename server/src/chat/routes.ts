import { PHOTO_MAX_BYTES } from '@amora/common';
import { chatRoutes as routes } from '@amora/common/routes';
import { sendPhotoFields } from '@amora/common/schemas';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { DomainError, fieldError } from '../platform/errors.js';
import { sentByClient } from '../platform/http/client-header.js';
import { invalidFields } from '../platform/http/error-handler.js';
import { sendObject } from '../platform/http/media.js';
import { perMember } from '../platform/http/rate-limits.js';
import { serve } from '../platform/http/serve.js';
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

export const chatRoutes: FastifyPluginAsync<{ rateLimitScale: number }> = async (app, { rateLimitScale }) => {
  const { chat } = app.services;
  const limited = perMember(rateLimitScale);
  await app.register(multipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 3, parts: 4 } });

  serve(app, routes.chats, (request) => chat.chats(request.site, request.member, request.query));
  // Only the web app's own request marks the conversation read, never a link followed from elsewhere.
  serve(app, routes.conversation, (request) =>
    chat.conversation(request.site, request.member, request.query, sentByClient(request)),
  );
  serve(
    app,
    routes.sendMessage,
    {
      schema: {
        description:
          'Sends a text or a gift as JSON, or a photo as multipart/form-data (fields client_id and conversation or profile_id, and one file).',
      },
      // A photo comes as a form, which the JSON schema does not describe; each kind is checked below.
      attachValidation: true,
      config: limited(60, 1),
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
  serve(app, routes.deleteConversation, async (request) => {
    await chat.remove(request.site, request.member, request.body.conversation);
    return { ok: true as const };
  });

  // A photo's file, for an <img>: no JSON, so no route of the table.
  app.get('/media/c/*', { schema: { hide: true } }, async (request, reply) => {
    const file = `c/${(request.params as { '*': string })['*']}`;
    const object = await chat.photoObject(request.site, request.viewer?.profileId, file);
    return sendObject(reply, object, 'private, max-age=86400');
  });
};
