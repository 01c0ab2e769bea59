/** The member's own photos: the list, an upload, the main one, the order, private or not, removal. */
import { defineRoute } from './route.js';

export const photoRoutes = {
  photos: defineRoute({ method: 'GET', path: '/api/photos.php', access: 'member', response: 'photosResponse' }),
  upload: defineRoute({
    method: 'POST',
    path: '/api/photos.php',
    access: 'member',
    upload: true,
    response: 'photosResponse',
    errors: ['photo_invalid', 'photo_too_large', 'photo_too_many_pixels', 'photo_too_small', 'photo_limit'],
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/photos.php',
    access: 'member',
    body: 'photosUpdate',
    response: 'photosResponse',
    errors: ['not_found', 'photo_main_private'],
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/photos.php',
    access: 'member',
    body: 'photoIdBody',
    response: 'photosResponse',
    errors: ['not_found'],
  }),
};
