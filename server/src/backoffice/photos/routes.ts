/** The back office's photos desk under /api/staff/, each call with the right it needs. */
import { decidePhotosRequest, decidePhotosResponse, id, photoQueueResponse } from '@amora/common/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STAFF_MEDIA_PREFIX } from '../../identity/staff/media-path.js';
import { STAFF_REFUSALS } from '../../identity/staff/policy.js';
import { sendObject } from '../../platform/http/media.js';

export const photosDeskRoutes: FastifyPluginAsyncZod = async (app) => {
  const { photos } = app.services.backoffice;
  app.get(
    '/api/staff/photos.php',
    {
      schema: {
        querystring: z.object({ site: id.optional() }),
        response: { 200: photoQueueResponse },
        errors: STAFF_REFUSALS,
      },
    },
    async (request) => photos.photoQueue(request.staff, request.query.site),
  );

  app.post(
    '/api/staff/photos.php',
    { schema: { body: decidePhotosRequest, response: { 200: decidePhotosResponse }, errors: STAFF_REFUSALS } },
    async (request) => photos.decidePhotos(request.staff, request.body),
  );

  // Never kept by a browser or a proxy: a rejected photo must be gone at once.
  app.get(`${STAFF_MEDIA_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
    const file = (request.params as { '*': string })['*'];
    return sendObject(reply, await photos.mediaObject(request.site, request.staff, file), 'private, no-store');
  });
};
