/** Photo objects as /media and the staff media path send them: streamed from the media store. */
import type { FastifyReply } from 'fastify';
import { notFound } from '../errors.js';
import type { StoredObject } from '../media/store.js';

/**
 * A photo anyone may see: its name is the hash of its bytes, so browsers and a CDN keep it for a
 * year; deleting or rejecting it asks the CDN to forget it (media/purge.ts).
 */
export const PUBLIC_PHOTO_CACHE = 'public, max-age=31536000, immutable';

/** Sends a stored object, or a 404 when it is not (or no longer) stored. */
export function sendObject(reply: FastifyReply, object: StoredObject | null, cacheControl: string) {
  if (!object) throw notFound();
  return reply
    .type(object.contentType)
    .header('content-length', object.size)
    .header('cache-control', cacheControl)
    .send(object.body);
}
