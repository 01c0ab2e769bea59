/** The staff session: its cookie, and the hook that tells every staff route who is signed in. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { secureCookies } from '../request-context.js';
import type { StaffMember } from './member.js';

export const STAFF_COOKIE = 'amora_staff';

declare module 'fastify' {
  interface FastifyRequest {
    staff: StaffMember | null;
  }
}

export function setStaffCookie(request: FastifyRequest, reply: FastifyReply, token: string, expires: Date) {
  reply.setCookie(STAFF_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: secureCookies(request),
    expires,
  });
}

/**
 * Sets `request.staff` (the staff member of the session cookie, or null), and the language of the
 * answers to theirs, for the routes of this plugin, as the request comes in: the staff door
 * (access/door.ts) asks it before the body is read.
 */
export function useStaffSession(app: FastifyInstance) {
  const { staff } = app.services;
  app.decorateRequest('staff', null);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const token = request.cookies[STAFF_COOKIE];
    request.staff = token ? await staff.bySession(token) : null;
    // A signed-in staff member is answered in their own language, refusals included.
    if (request.staff) request.locale = request.staff.language;
  });
}
