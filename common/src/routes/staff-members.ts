/** The back office's members desk: find a member, see their account, act on it or erase it. */
import { defineRoute } from './route.js';

export const staffMemberRoutes = {
  findMembers: defineRoute({
    method: 'GET',
    path: '/api/staff/members.php',
    access: { staff: 'members' },
    query: 'staffMembersQuery',
    response: 'staffMembersResponse',
  }),
  member: defineRoute({
    method: 'GET',
    path: '/api/staff/member.php',
    access: { staff: 'members' },
    query: 'staffMemberQuery',
    response: 'staffMemberResponse',
    errors: ['not_found'],
  }),
  actOnMember: defineRoute({
    method: 'POST',
    path: '/api/staff/member-action.php',
    access: { staff: 'members' },
    body: 'memberActionRequest',
    response: 'staffMemberResponse',
    errors: ['not_found', 'already_decided', 'already_activated'],
  }),
  eraseMember: defineRoute({
    method: 'POST',
    path: '/api/staff/member-erase.php',
    access: { staff: 'erasure' },
    body: 'eraseMemberRequest',
    response: 'okResponse',
    errors: ['not_found'],
  }),
};
