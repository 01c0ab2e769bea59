/** Staff sign-in under /api/staff/: its own cookie, two-step codes, sessions and the staff member's status and language. */
import { staffSessionRoutes as routes } from '@amora/common/routes';
import type { FastifyPluginAsync } from 'fastify';
import { DomainError } from '../../platform/errors.js';
import { perVisitor } from '../../platform/http/rate-limits.js';
import { serve } from '../../platform/http/serve.js';
import { requestContext } from '../request-context.js';
import { STAFF_COOKIE, setStaffCookie, useStaffSession } from './session.js';

export const staffSignInRoutes: FastifyPluginAsync<{ rateLimitScale: number }> = async (app, { rateLimitScale }) => {
  const { staff } = app.services;
  useStaffSession(app);

  serve(app, routes.staffLogin, { config: perVisitor(rateLimitScale)(10, 10) }, async (request, reply) => {
    const { email, password } = request.body;
    const { session, outcome } = await staff.login(requestContext(request), email, password);
    setStaffCookie(request, reply, session.token, session.expires);
    return outcome;
  });

  serve(app, routes.invitation, { config: perVisitor(rateLimitScale)(30, 10) }, (request) =>
    staff.invitationLanguage(request.query.token),
  );

  serve(app, routes.startInvitation, { config: perVisitor(rateLimitScale)(10, 10) }, async (request, reply) => {
    const { invitation, password } = request.body;
    const { session, outcome } = await staff.startInvitation(requestContext(request), invitation, password);
    setStaffCookie(request, reply, session.token, session.expires);
    return outcome;
  });

  serve(app, routes.twoStep, { config: perVisitor(rateLimitScale)(10, 10) }, async (request, reply) => {
    const token = request.cookies[STAFF_COOKIE];
    if (!token) throw new DomainError('staff_login_required');
    const { code, invitation } = request.body;
    const { expires, ...signedIn } = await staff.confirmTwoStep(token, code, invitation);
    setStaffCookie(request, reply, token, expires);
    return signedIn;
  });

  serve(app, routes.mailSetupLink, (request) => staff.mailSetupLink(requestContext(request), request.staff));

  serve(app, routes.staffLogout, async (request, reply) => {
    const token = request.cookies[STAFF_COOKIE];
    if (token) await staff.logout(token);
    reply.clearCookie(STAFF_COOKIE, { path: '/' });
    return { ok: true as const };
  });

  serve(app, routes.staffMe, (request) => ({ staff: request.staff }));

  serve(app, routes.setAway, (request) => staff.setAway(request.staff, request.body.away));

  serve(app, routes.setLanguage, (request) => staff.setLanguage(request.staff, request.body.language));

  serve(app, routes.staffSessions, async (request) => ({
    sessions: await staff.sessions(request.staff, request.cookies[STAFF_COOKIE]),
  }));

  serve(app, routes.endStaffSession, async (request) => {
    await staff.endSession(request.staff, request.body.session);
    return { ok: true as const };
  });
};
