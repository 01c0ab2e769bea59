/** Photo uploads, as members and staff send them: one file as multipart/form-data, within the byte limit. */
import { PHOTO_MAX_BYTES } from '@amora/common';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../errors.js';

/** Lets a route plugin take photo uploads: one file, no other fields, at most PHOTO_MAX_BYTES. */
export async function acceptPhotoUploads(app: FastifyInstance) {
  await app.register(multipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 0 } });
}

/** The uploaded file's bytes: photo_invalid without one, photo_too_large beyond the limit. */
export async function uploadedPhoto(request: FastifyRequest): Promise<Buffer> {
  const file = await request.file().catch(() => undefined);
  if (!file) throw new DomainError('photo_invalid');
  return file.toBuffer().catch((error: { code?: string }) => {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new DomainError('photo_too_large');
    throw new DomainError('photo_invalid');
  });
}
