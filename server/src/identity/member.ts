/**
 * Who is asking. The request context reads the session's member once per request; a route
 * declares `config: { signedIn: true }` to be for members only, and its handler reads
 * `request.member`. Visitors get authentication_required before the route's input is looked at.
 */
import type { Locale } from '@amora/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticationRequired } from '../platform/errors.js';

/**
 * The member who acts, as every domain service takes them: who they are, their profile, and what
 * their account allows (premium, a confirmed address). Routes get it from the session (`request.member`).
 */
export interface Member {
  userId: number;
  email: string;
  profileId: number;
  paid: boolean;
  confirmed: boolean;
  signupDate: string;
  language: Locale;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Only signed-in members may call the route. */
    signedIn?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in member, or null for a visitor. */
    viewer: Member | null;
    /** The signed-in member; reading it on a visitor's request refuses the request. */
    readonly member: Member;
  }
}

export function decorateMember(app: FastifyInstance) {
  app.decorateRequest('viewer', null);
  app.decorateRequest('member', {
    getter(this: FastifyRequest): Member {
      if (!this.viewer) throw authenticationRequired();
      return this.viewer;
    },
  });
}

/** Refuses a visitor on a members-only route. */
export function assertSignedInWhereRequired(request: FastifyRequest) {
  if (request.routeOptions.config?.signedIn && !request.viewer) throw authenticationRequired();
}
