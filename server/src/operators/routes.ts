/** The operators' API under /api/staff/: the inbox and the hosted profiles, for the staff signed in. */
import type { FastifyPluginAsync } from 'fastify';
import { useStaffSession } from '../identity/staff/session.js';
import { acceptPhotoUploads } from '../platform/http/photo-upload.js';
import { hostedRoutes } from './hosted-routes.js';
import { inboxRoutes } from './inbox-routes.js';

export const operatorsRoutes: FastifyPluginAsync = async (app) => {
  useStaffSession(app);
  await acceptPhotoUploads(app);
  await app.register(inboxRoutes);
  await app.register(hostedRoutes);
};
