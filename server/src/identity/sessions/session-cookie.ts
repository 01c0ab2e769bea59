/** The cookies a sign-in sets: the session's, and the device's that tells a browser seen before. */
import { DEVICE_COOKIE, DEVICE_COOKIE_DAYS, SESSION_COOKIE } from '@amora/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { secureCookies } from '../request-context.js';
import type { Session } from './service.js';

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, session: Session) {
  const cookie = { path: '/', httpOnly: true, sameSite: 'lax', secure: secureCookies(request) } as const;
  reply.setCookie(SESSION_COOKIE, session.token, { ...cookie, expires: session.expires });
  reply.setCookie(DEVICE_COOKIE, session.device, { ...cookie, maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60 });
}

/** Signing out, or deleting the account, forgets the session's cookie. */
export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
