/** Staff sign-in under /api/staff/: its own cookie, two-step codes, sessions and the staff member's status. */
import { PASSWORD_MAX_LENGTH } from '@amora/common';
import {
  endStaffSessionRequest,
  okResponse,
  staffLoginResponse,
  staffMeResponse,
  staffResponse,
  staffSessionsResponse,
  staffStatusRequest,
  text,
  twoStepRequest,
  twoStepSetup,
} from '@amora/common/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../platform/errors.js';
import { perVisitor } from '../../platform/http/rate-limits.js';
import { STAFF_REFUSALS } from './policy.js';
import { STAFF_COOKIE, setStaffCookie, useStaffSession } from './session.js';

const loginBody = z.object({
  email: text().min(1, 'required').max(254, 'too_long'),
  password: text().min(1, 'required').max(PASSWORD_MAX_LENGTH, 'password_too_long'),
});

export const staffSignInRoutes: FastifyPluginAsyncZod<{ rateLimitScale: number }> = async (app, { rateLimitScale }) => {
  const { staff } = app.services;
  useStaffSession(app);

  app.post(
    '/api/staff/login.php',
    {
      schema: { body: loginBody, response: { 200: staffLoginResponse }, errors: ['login_failed'] },
      config: perVisitor(rateLimitScale)(10, 10),
    },
    async (request, reply) => {
      const { session, outcome } = await staff.login(request.site, request.body.email, request.body.password);
      setStaffCookie(request, reply, session.token, session.expires);
      return outcome;
    },
  );

  app.post(
    '/api/staff/two-step.php',
    {
      schema: {
        body: twoStepRequest,
        response: { 200: staffResponse },
        errors: ['staff_login_required'],
      },
      config: perVisitor(rateLimitScale)(10, 10),
    },
    async (request, reply) => {
      const token = request.cookies[STAFF_COOKIE];
      if (!token) throw new DomainError('staff_login_required');
      const { staff: member, expires } = await staff.confirmTwoStep(token, request.body.code);
      if (expires) setStaffCookie(request, reply, token, expires);
      return { staff: member };
    },
  );

  app.post(
    '/api/staff/two-step-setup.php',
    { schema: { response: { 200: twoStepSetup }, errors: ['staff_login_required', 'two_step_on_already'] } },
    async (request) => staff.startTwoStepSetup(request.site, request.staff, request.cookies[STAFF_COOKIE]),
  );

  app.post('/api/staff/logout.php', { schema: { response: { 200: okResponse } } }, async (request, reply) => {
    const token = request.cookies[STAFF_COOKIE];
    if (token) await staff.logout(token);
    reply.clearCookie(STAFF_COOKIE, { path: '/' });
    return { ok: true as const };
  });

  app.get('/api/staff/me.php', { schema: { response: { 200: staffMeResponse } } }, async (request) => ({
    staff: request.staff,
  }));

  app.post(
    '/api/staff/status.php',
    { schema: { body: staffStatusRequest, response: { 200: staffResponse }, errors: STAFF_REFUSALS } },
    async (request) => staff.setAway(request.staff, request.body.away),
  );

  app.get(
    '/api/staff/sessions.php',
    { schema: { response: { 200: staffSessionsResponse }, errors: ['staff_login_required'] } },
    async (request) => ({ sessions: await staff.sessions(request.staff, request.cookies[STAFF_COOKIE]) }),
  );

  app.post(
    '/api/staff/end-session.php',
    {
      schema: {
        body: endStaffSessionRequest,
        response: { 200: okResponse },
        errors: ['staff_login_required', 'not_found'],
      },
    },
    async (request) => {
      await staff.endSession(request.staff, request.body.session);
      return { ok: true as const };
    },
  );
};
