import path from 'node:path';
import { memberRoutes, photoRoutes } from '@amora/common/routes';
import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../platform/errors.js';
import { sentByClient } from '../platform/http/client-header.js';
import { PUBLIC_PHOTO_CACHE, sendObject } from '../platform/http/media.js';
import { acceptPhotoUploads, uploadedPhoto } from '../platform/http/photo-upload.js';
import { perMember } from '../platform/http/rate-limits.js';
import { serve } from '../platform/http/serve.js';
import { isMediaKey } from '../platform/media/store.js';

export const membersRoutes: FastifyPluginAsync<{ rateLimitScale: number }> = async (app, { rateLimitScale }) => {
  const { services } = app;
  const { accounts, members, safety, search, photos, likes, chat } = services;
  const limited = perMember(rateLimitScale);
  await acceptPhotoUploads(app);

  serve(app, memberRoutes.updateProfile, async (request) => {
    await members.updateProfile(request.site, request.member, request.body);
    return { user: await accounts.currentUser(request.member.userId, request.site) };
  });

  serve(app, memberRoutes.search, (request) =>
    search.search(request.site, request.viewer, {
      ...request.query,
      network: request.query.network ?? request.trafficSource,
    }),
  );

  serve(app, memberRoutes.member, async (request) => {
    const profile = await members.viewMember(
      request.site,
      request.viewer,
      request.query.id,
      request.query.network ?? request.trafficSource,
    );
    const viewer = request.viewer;
    const like = viewer && viewer.profileId !== profile.id ? await likes.stateWith(viewer, profile.id) : null;
    // Viewing by a link from elsewhere works, but only the web app's own request marks the like seen.
    if (viewer && sentByClient(request)) await likes.markSeen(viewer, profile.id);
    return { profile, like };
  });

  serve(app, memberRoutes.block, { config: limited(30, 10) }, async (request) => {
    await safety.block(request.site, request.member, request.body.profile_id);
    return { ok: true as const };
  });

  serve(app, memberRoutes.unblock, async (request) => {
    await safety.unblock(request.member, request.body.profile_id);
    return { ok: true as const };
  });

  serve(app, memberRoutes.blocks, async (request) => ({ profiles: await safety.blockedProfiles(request.member) }));

  serve(app, memberRoutes.report, { config: limited(10, 60) }, async (request) => {
    await safety.report(request.site, request.member, request.body);
    return { ok: true as const };
  });

  serve(
    app,
    memberRoutes.privatePhotos,
    {
      schema: {
        description:
          "Asks for a member's private photos, or answers about one's own: grant (to anyone), decline a request, revoke a grant. Each writes a line in the two members' chat, once.",
      },
      config: limited(60, 1),
    },
    async (request) => {
      await chat.privatePhotos(request.site, request.member, request.body.profile_id, request.body.action);
      return { ok: true as const };
    },
  );

  serve(app, photoRoutes.photos, (request) => photos.listing(request.member.userId));

  serve(
    app,
    photoRoutes.upload,
    { schema: { description: 'Uploads a photo as multipart/form-data (one file).' }, config: limited(30, 10) },
    async (request) => photos.upload(request.site, request.member, await uploadedPhoto(request)),
  );

  // A file, not JSON, and no call of the API: outside the route table.
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

  serve(app, photoRoutes.update, (request) => photos.update(request.member.userId, request.body));

  serve(app, photoRoutes.remove, (request) => photos.remove(request.member.userId, request.body.id));
};
