import path from 'node:path';
import {
  blocksResponse,
  memberQuery,
  memberResponse,
  okResponse,
  photoIdBody,
  photosResponse,
  photosUpdate,
  privatePhotosRequest,
  profileIdBody,
  profileUpdate,
  reportRequest,
  searchQuery,
  searchResponse,
  userResponse,
} from '@amora/common/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../platform/errors.js';
import { sentByClient } from '../platform/http/client-header.js';
import { PUBLIC_PHOTO_CACHE, sendObject } from '../platform/http/media.js';
import { acceptPhotoUploads, uploadedPhoto } from '../platform/http/photo-upload.js';
import { perMember } from '../platform/http/rate-limits.js';
import { isMediaKey } from '../platform/media/store.js';

export const membersRoutes: FastifyPluginAsyncZod<{ rateLimitScale: number }> = async (app, { rateLimitScale }) => {
  const { services } = app;
  const { accounts, members, safety, search, photos, likes, chat } = services;
  const signedIn = { signedIn: true };
  const limited = perMember(rateLimitScale);
  await acceptPhotoUploads(app);

  app.put(
    '/api/profile.php',
    { schema: { body: profileUpdate, response: { 200: userResponse } }, config: signedIn },
    async (request) => {
      await members.updateProfile(request.site, request.member, request.body);
      return { user: await accounts.currentUser(request.member.userId, request.site) };
    },
  );

  app.get(
    '/api/members.php',
    { schema: { querystring: searchQuery, response: { 200: searchResponse }, errors: ['search_login_required'] } },
    async (request) =>
      search.search(request.site, request.viewer, {
        ...request.query,
        network: request.query.network ?? request.trafficSource,
      }),
  );

  app.get(
    '/api/member.php',
    {
      schema: {
        querystring: memberQuery,
        response: { 200: memberResponse },
        errors: ['profile_login_required', 'not_found'],
      },
    },
    async (request) => {
      const profile = await members.viewMember(
        request.site,
        request.viewer,
        request.query.id,
        request.query.network ?? request.trafficSource,
      );
      // Viewing by a link from elsewhere works, but only the web app's own request marks the like seen.
      if (request.viewer && sentByClient(request)) await likes.markSeen(request.viewer, profile.id);
      return { profile };
    },
  );

  app.post(
    '/api/block.php',
    {
      schema: { body: profileIdBody, response: { 200: okResponse }, errors: ['not_found'] },
      config: { ...limited(30, 10), ...signedIn },
    },
    async (request) => {
      await safety.block(request.site, request.member, request.body.profile_id);
      return { ok: true as const };
    },
  );

  app.delete(
    '/api/block.php',
    { schema: { body: profileIdBody, response: { 200: okResponse } }, config: signedIn },
    async (request) => {
      await safety.unblock(request.member, request.body.profile_id);
      return { ok: true as const };
    },
  );

  app.get('/api/blocks.php', { schema: { response: { 200: blocksResponse } }, config: signedIn }, async (request) => ({
    profiles: await safety.blockedProfiles(request.member),
  }));

  app.post(
    '/api/report.php',
    {
      schema: { body: reportRequest, response: { 200: okResponse }, errors: ['not_found'] },
      config: { ...limited(10, 60), ...signedIn },
    },
    async (request) => {
      await safety.report(request.site, request.member, request.body);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/private-photos.php',
    {
      schema: {
        description:
          "Asks for a member's private photos, or answers about one's own: grant (to anyone), decline a request, revoke a grant. Each writes a line in the two members' chat, once.",
        body: privatePhotosRequest,
        response: { 200: okResponse },
        errors: ['activation_required', 'not_found'],
      },
      config: { ...limited(60, 1), ...signedIn },
    },
    async (request) => {
      await chat.privatePhotos(request.site, request.member, request.body.profile_id, request.body.action);
      return { ok: true as const };
    },
  );

  app.get('/api/photos.php', { schema: { response: { 200: photosResponse } }, config: signedIn }, async (request) =>
    photos.listing(request.member.userId),
  );

  app.post(
    '/api/photos.php',
    {
      schema: {
        description: 'Uploads a photo as multipart/form-data (one file).',
        response: { 200: photosResponse },
        errors: ['photo_invalid', 'photo_too_large', 'photo_too_many_pixels', 'photo_too_small', 'photo_limit'],
      },
      config: { ...limited(30, 10), ...signedIn },
    },
    async (request) => {
      return photos.upload(request.site, request.member, await uploadedPhoto(request));
    },
  );

  app.get('/media/*', { schema: { hide: true } }, async (request, reply) => {
    const file = (request.params as { '*': string })['*'];
    // Before any query: a NUL byte is an error to PostgreSQL, and `..` no name we give.
    if (!isMediaKey(file)) throw notFound();
    const served = await photos
      .photoFile(request.site, request.viewer, file, request.trafficSource)
      .catch(async (error: unknown) => {
        const viewer = request.viewer;
        if (viewer && (await chat.sentInChatOf(request.site, viewer.profileId, file))) return { file, public: false };
        throw error;
      });
    // Others ask each time (a 304 when they hold it): a photo rejected or deleted is gone at once.
    // A file's name is the hash of its bytes, so it tags the content.
    const cache = served.public ? PUBLIC_PHOTO_CACHE : 'private, no-cache';
    const etag = `"${path.basename(file, '.webp')}"`;
    reply.header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.header('cache-control', cache).code(304).send();
    return sendObject(reply, await photos.object(served.file), cache);
  });

  app.put(
    '/api/photos.php',
    {
      schema: { body: photosUpdate, response: { 200: photosResponse }, errors: ['not_found', 'photo_main_private'] },
      config: signedIn,
    },
    async (request) => photos.update(request.member.userId, request.body),
  );

  app.delete(
    '/api/photos.php',
    { schema: { body: photoIdBody, response: { 200: photosResponse }, errors: ['not_found'] }, config: signedIn },
    async (request) => photos.remove(request.member.userId, request.body.id),
  );
};
