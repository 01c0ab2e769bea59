/** The back office's members desk under /api/staff/, each call with the right it needs. */
import {
  eraseMemberRequest,
  id,
  memberActionRequest,
  okResponse,
  staffMemberResponse,
  staffMembersQuery,
  staffMembersResponse,
} from '@amora/common/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STAFF_REFUSALS } from '../../identity/staff/policy.js';

export const membersDeskRoutes: FastifyPluginAsyncZod = async (app) => {
  const { members } = app.services.backoffice;
  app.get(
    '/api/staff/members.php',
    { schema: { querystring: staffMembersQuery, response: { 200: staffMembersResponse }, errors: STAFF_REFUSALS } },
    async (request) => members.findMembers(request.staff, request.query),
  );

  app.get(
    '/api/staff/member.php',
    {
      schema: {
        querystring: z.object({ id }),
        response: { 200: staffMemberResponse },
        errors: [...STAFF_REFUSALS, 'not_found'],
      },
    },
    async (request) => members.memberDetail(request.staff, request.query.id),
  );

  app.post(
    '/api/staff/member-action.php',
    {
      schema: {
        body: memberActionRequest,
        response: { 200: staffMemberResponse },
        errors: [...STAFF_REFUSALS, 'not_found', 'already_decided', 'already_activated'],
      },
    },
    async (request) => members.actOnMember(request.staff, request.body),
  );

  app.post(
    '/api/staff/member-erase.php',
    { schema: { body: eraseMemberRequest, response: { 200: okResponse }, errors: [...STAFF_REFUSALS, 'not_found'] } },
    async (request) => {
      await members.eraseMember(request.staff, request.body);
      return { ok: true as const };
    },
  );
};
