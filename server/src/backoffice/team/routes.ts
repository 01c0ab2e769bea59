/** The back office's team desk under /api/staff/, each call with the right it needs. */
import {
  addStaffRequest,
  addStaffResponse,
  changeStaffRequest,
  changeStaffResponse,
  staffTeamResponse,
} from '@amora/common/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STAFF_REFUSALS } from '../../identity/staff/policy.js';

export const teamDeskRoutes: FastifyPluginAsyncZod = async (app) => {
  const { team } = app.services.backoffice;
  app.get(
    '/api/staff/team.php',
    { schema: { response: { 200: staffTeamResponse }, errors: STAFF_REFUSALS } },
    async (request) => ({ staff: await team.team(request.staff) }),
  );

  app.post(
    '/api/staff/team.php',
    { schema: { body: addStaffRequest, response: { 200: addStaffResponse }, errors: STAFF_REFUSALS } },
    async (request) => team.addByAdmin(request.staff, request.body),
  );

  app.put(
    '/api/staff/team.php',
    {
      schema: {
        body: changeStaffRequest,
        response: { 200: changeStaffResponse },
        errors: [...STAFF_REFUSALS, 'not_found', 'staff_self_change'],
      },
    },
    async (request) => team.change(request.staff, request.body),
  );
};
