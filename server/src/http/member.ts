/** Who is asking, as the member-facing routes need it. */
import type { FastifyRequest } from 'fastify';
import type { AccountsService } from '../accounts/service.js';
import { authenticationRequired } from '../errors.js';

/** The signed-in member with profile and paid state, or null for a visitor. */
export const viewerOf = (accounts: AccountsService, request: FastifyRequest) => accounts.memberOf(request.sessionUser);

/** The signed-in member; a visitor gets the log-in error. */
export async function requireMember(accounts: AccountsService, request: FastifyRequest) {
  const member = await viewerOf(accounts, request);
  if (!member) throw authenticationRequired();
  return member;
}
