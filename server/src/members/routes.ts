import {
  blocksResponse,
  memberResponse,
  okResponse,
  PHOTO_MAX_BYTES,
  photoIdBody,
  photosResponse,
  photosUpdate,
  profileIdBody,
  profileUpdate,
  reportRequest,
  searchQuery,
  searchResponse,
  userResponse,
} from '@amora/common';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../errors.js';
import { requireMember, viewerOf } from '../http/member.js';
import type { Services } from '../services.js';

export const membersRoutes: FastifyPluginAsyncZod<{ services: Services; rateLimitScale: number }> = async (
  app,
  { services, rateLimitScale },
) => {
  const { accounts, members, search, photos, likes } = services;
  const limited = (max: number, minutes: number) => ({
    rateLimit: { max: Math.ceil(max * rateLimitScale), timeWindow: minutes * 60_000 },
  });
  await app.register(multipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 0 } });

  app.put('/api/profile.php', { schema: { body: profileUpdate, response: { 200: userResponse } } }, async (request) => {
    const member = await requireMember(accounts, request);
    await members.updateProfile(request.site, member, request.body);
    return { user: await accounts.currentUser(member.userId) };
  });

  app.get(
    '/api/members.php',
    { schema: { querystring: searchQuery, response: { 200: searchResponse } } },
    async (request) => search.search(request.site, await viewerOf(accounts, request), request.query),
  );

  app.get(
    '/api/member.php',
    {
      schema: { querystring: z.object({ id: z.coerce.number().int().positive() }), response: { 200: memberResponse } },
    },
    async (request) => {
      const viewer = await viewerOf(accounts, request);
      const profile = await members.viewMember(request.site, viewer, request.query.id);
      if (viewer) await likes.markSeen(viewer, profile.id);
      return { profile };
    },
  );

  app.post('/api/block.php', { schema: { body: profileIdBody, response: { 200: okResponse } } }, async (request) => {
    await members.block(request.site, await requireMember(accounts, request), request.body.profile_id);
    return { ok: true as const };
  });

  app.delete('/api/block.php', { schema: { body: profileIdBody, response: { 200: okResponse } } }, async (request) => {
    await members.unblock(await requireMember(accounts, request), request.body.profile_id);
    return { ok: true as const };
  });

  app.get('/api/blocks.php', { schema: { response: { 200: blocksResponse } } }, async (request) => ({
    profiles: await members.blockedProfiles(await requireMember(accounts, request)),
  }));

  app.post(
    '/api/report.php',
    { schema: { body: reportRequest, response: { 200: okResponse } }, config: limited(10, 60) },
    async (request) => {
      await members.report(request.site, await requireMember(accounts, request), request.body);
      return { ok: true as const };
    },
  );

  app.get('/api/photos.php', { schema: { response: { 200: photosResponse } } }, async (request) =>
    photos.listing((await requireMember(accounts, request)).userId),
  );

  app.post(
    '/api/photos.php',
    { schema: { response: { 200: photosResponse } }, config: limited(30, 10) },
    async (request) => {
      const member = await requireMember(accounts, request);
      const file = await request.file().catch(() => undefined);
      if (!file) throw new DomainError('photo_invalid');
      const input = await file.toBuffer().catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new DomainError('photo_too_large');
        throw new DomainError('photo_invalid');
      });
      return photos.upload(request.site, member, input);
    },
  );

  app.put('/api/photos.php', { schema: { body: photosUpdate, response: { 200: photosResponse } } }, async (request) =>
    photos.update((await requireMember(accounts, request)).userId, request.body),
  );

  app.delete('/api/photos.php', { schema: { body: photoIdBody, response: { 200: photosResponse } } }, async (request) =>
    photos.remove((await requireMember(accounts, request)).userId, request.body.id),
  );
};
