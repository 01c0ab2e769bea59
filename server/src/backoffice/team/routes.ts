/** The back office's team desk under /api/staff/, each call with the right it needs. */
import { staffTeamRoutes as routes } from '@amora/common/routes';
import type { FastifyPluginAsync } from 'fastify';
import { requestContext } from '../../identity/request-context.js';
import { serve } from '../../platform/http/serve.js';

export const teamDeskRoutes: FastifyPluginAsync = async (app) => {
  const { team } = app.services.backoffice;
  serve(app, routes.team, async (request) => ({ staff: await team.team(request.staff) }));
  serve(app, routes.addStaff, (request) => team.addByAdmin(requestContext(request), request.staff, request.body));
  serve(app, routes.changeStaff, (request) => team.change(requestContext(request), request.staff, request.body));
};
