/** The back office's photos desk: the photos waiting for a moderator, and decisions on them. */
import { defineRoute } from './route.js';

export const staffPhotoRoutes = {
  photoQueue: defineRoute({
    method: 'GET',
    path: '/api/staff/photos.php',
    access: { staff: 'photos' },
    query: 'photoQueueQuery',
    response: 'photoQueueResponse',
  }),
  decidePhotos: defineRoute({
    method: 'POST',
    path: '/api/staff/photos.php',
    access: { staff: 'photos' },
    body: 'decidePhotosRequest',
    response: 'decidePhotosResponse',
  }),
};
