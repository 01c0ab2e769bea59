/** Members: the own profile, search, profile pages, and safety (blocks, reports, private photos). */
import { defineRoute } from './route.js';

export const memberRoutes = {
  updateProfile: defineRoute({
    method: 'PUT',
    path: '/api/profile.php',
    access: 'member',
    body: 'profileUpdate',
    response: 'userResponse',
  }),
  search: defineRoute({
    method: 'GET',
    path: '/api/members.php',
    access: 'anyone',
    query: 'searchQuery',
    response: 'searchResponse',
    errors: ['search_login_required'],
  }),
  member: defineRoute({
    method: 'GET',
    path: '/api/member.php',
    access: 'anyone',
    query: 'memberQuery',
    response: 'memberResponse',
    errors: ['profile_login_required', 'not_found'],
  }),
  block: defineRoute({
    method: 'POST',
    path: '/api/block.php',
    access: 'member',
    body: 'profileIdBody',
    response: 'okResponse',
    errors: ['not_found'],
  }),
  unblock: defineRoute({
    method: 'DELETE',
    path: '/api/block.php',
    access: 'member',
    body: 'profileIdBody',
    response: 'okResponse',
  }),
  blocks: defineRoute({ method: 'GET', path: '/api/blocks.php', access: 'member', response: 'blocksResponse' }),
  report: defineRoute({
    method: 'POST',
    path: '/api/report.php',
    access: 'member',
    body: 'reportRequest',
    response: 'okResponse',
    errors: ['not_found'],
  }),
  privatePhotos: defineRoute({
    method: 'POST',
    path: '/api/private-photos.php',
    access: 'member',
    body: 'privatePhotosRequest',
    response: 'okResponse',
    errors: ['activation_required', 'not_found'],
  }),
};
