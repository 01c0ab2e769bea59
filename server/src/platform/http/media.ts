/** Photo objects as /media and the staff media path send them: streamed from the media store. */
import type { FastifyReply } from 'fastify';
import { notFound } from '../errors.js';
import type { StoredObject } from '../media/store.js';

/**
 * How long a browser or a CDN may show a photo anyone may see before asking again: a photo deleted
 * or rejected is gone from every cache within this, however its purge went (media/purge.ts asks the
 * CDN to forget it at once). Asking again is cheap: the name is the hash of the bytes, its ETag.
 */
export const PUBLIC_PHOTO_MAX_AGE_SECONDS = 300;
export const PUBLIC_PHOTO_CACHE = `public, max-age=${PUBLIC_PHOTO_MAX_AGE_SECONDS}`;

/** Sends a stored object, or a 404 when it is not (or no longer) stored. */
export function sendObject(reply: FastifyReply, object: StoredObject | null, cacheControl: string) {
  if (!object) throw notFound();
  return reply
    .type(object.contentType)
    .header('content-length', object.size)
    .header('cache-control', cacheControl)
    .send(object.body);
}
