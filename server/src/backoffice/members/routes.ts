/** The back office's members desk under /api/staff/, each call with the right it needs. */
import { staffMemberRoutes as routes } from '@amora/common/routes';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../platform/http/serve.js';

export const membersDeskRoutes: FastifyPluginAsync = async (app) => {
  const { members } = app.services.backoffice;
  serve(app, routes.findMembers, (request) => members.findMembers(request.staff, request.query));
  serve(app, routes.member, (request) => members.memberDetail(request.staff, request.query.id));
  serve(app, routes.actOnMember, (request) => members.actOnMember(request.staff, request.body));
  serve(app, routes.eraseMember, async (request) => {
    await members.eraseMember(request.staff, request.body);
    return { ok: true as const };
  });
};
