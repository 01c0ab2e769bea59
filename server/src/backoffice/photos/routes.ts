/** The back office's photos desk under /api/staff/, each call with the right it needs. */
import { staffPhotoRoutes as routes } from '@amora/common/routes';
import type { FastifyPluginAsync } from 'fastify';
import { STAFF_MEDIA_PREFIX } from '../../identity/staff/media-path.js';
import { sendObject } from '../../platform/http/media.js';
import { serve } from '../../platform/http/serve.js';

export const photosDeskRoutes: FastifyPluginAsync = async (app) => {
  const { photos } = app.services.backoffice;
  serve(app, routes.photoQueue, (request) => photos.photoQueue(request.staff, request.query.site));
  serve(app, routes.decidePhotos, (request) => photos.decidePhotos(request.staff, request.body));

  // A file, not JSON, and no call of the API: outside the route table. Never kept by a browser or
  // a proxy: a rejected photo must be gone at once.
  app.get(`${STAFF_MEDIA_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
    const file = (request.params as { '*': string })['*'];
    return sendObject(reply, await photos.mediaObject(request.site, request.staff, file), 'private, no-store');
  });
};
