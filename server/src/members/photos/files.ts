/**
 * Turns an upload into the files we serve: re-encoded by sharp (which drops EXIF and GPS),
 * turned upright, bounded in bytes and pixels, with a square thumbnail. Names are random, so a
 * photo's address reveals nothing and can be cached for a year.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PHOTO_DECODES_AT_ONCE, PHOTO_MAX_PIXELS, PHOTO_MIN_SIDE } from '@amora/common';
import sharp, { type Sharp } from 'sharp';
import { createLimiter } from '../../concurrency.js';
import { DomainError } from '../../errors.js';

const FULL_SIDE = 1280;
const THUMB_SIDE = 360;

export interface StoredPhotoFiles {
  filename: string;
  thumbFilename: string;
  width: number;
  height: number;
}

/** sharp's names for the formats of PHOTO_ACCEPT; sharp itself also reads SVG, GIF, TIFF, PDF and more. */
export const UPLOAD_FORMATS: readonly string[] = ['jpeg', 'png', 'webp', 'heif'];

/** Where photo files live: DATA_DIR/media, served at /media. */
export function mediaRoot(dataDir: string): string {
  return path.join(dataDir, 'media');
}

async function readableImage(input: Buffer) {
  try {
    const image = sharp(input, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'error' });
    const metadata = await image.metadata();
    return { image, metadata };
  } catch (error) {
    const message = String((error as Error).message);
    if (message.includes('pixel limit')) throw tooManyPixels();
    throw new DomainError('photo_invalid');
  }
}

const tooManyPixels = () => new DomainError('photo_too_many_pixels', { megapixels: PHOTO_MAX_PIXELS / 1_000_000 });

/** Decoding takes memory by the pixel: only a few images at a time, the others wait in line. */
const decoding = createLimiter(PHOTO_DECODES_AT_ONCE);

/**
 * Stores the files under `folder`: p/<profile id> for profile photos, p/hosted for seeded avatars.
 * A member's upload passes `accept` (UPLOAD_FORMATS); the site's own images may be of any format.
 */
export function storePhotoFiles(
  root: string,
  folder: string,
  input: Buffer,
  accept?: readonly string[],
): Promise<StoredPhotoFiles> {
  return decoding(async () => {
    const image = await checkedImage(input, accept);
    const name = await newName(root, folder);
    const files = { filename: `${folder}/${name}.webp`, thumbFilename: `${folder}/${name}-thumb.webp` };
    try {
      const full = await writeFull(image, path.join(root, files.filename));
      await image
        .clone()
        .rotate()
        .resize({ width: THUMB_SIDE, height: THUMB_SIDE, fit: 'cover', position: 'attention' })
        .webp({ quality: 78 })
        .toFile(path.join(root, files.thumbFilename));
      return { ...files, width: full.width, height: full.height };
    } catch {
      await removePhotoFiles(root, files);
      throw new DomainError('photo_invalid');
    }
  });
}

/** A photo sent in a chat: one file under c/<sender's profile id>, no thumbnail. */
export function storeChatPhotoFile(
  root: string,
  folder: string,
  input: Buffer,
): Promise<{ filename: string; width: number; height: number }> {
  return decoding(async () => {
    const image = await checkedImage(input, UPLOAD_FORMATS);
    const filename = `${folder}/${await newName(root, folder)}.webp`;
    try {
      const full = await writeFull(image, path.join(root, filename));
      return { filename, width: full.width, height: full.height };
    } catch {
      await removePhotoFile(root, filename);
      throw new DomainError('photo_invalid');
    }
  });
}

/** The upload as an image we take: a format accepted, a size within the limits. */
async function checkedImage(input: Buffer, accept?: readonly string[]) {
  const { image, metadata } = await readableImage(input);
  if (accept && !accept.includes(metadata.format ?? '')) throw new DomainError('photo_invalid');
  // EXIF orientations 5–8 swap width and height.
  const swapped = (metadata.orientation ?? 1) >= 5;
  const width = swapped ? metadata.height : metadata.width;
  const height = swapped ? metadata.width : metadata.height;
  if (!width || !height) throw new DomainError('photo_invalid');
  // The header's size is checked too: some formats report it before sharp's own limit applies.
  if (width * height > PHOTO_MAX_PIXELS) throw tooManyPixels();
  if (Math.min(width, height) < PHOTO_MIN_SIDE) throw new DomainError('photo_too_small', { min: PHOTO_MIN_SIDE });
  return image;
}

async function newName(root: string, folder: string): Promise<string> {
  await fs.mkdir(path.join(root, folder), { recursive: true });
  return randomBytes(16).toString('hex');
}

/** Upright, at most FULL_SIDE on its longer side, as WebP (which leaves EXIF and GPS behind). */
function writeFull(image: Sharp, file: string) {
  return image
    .clone()
    .rotate()
    .resize({ width: FULL_SIDE, height: FULL_SIDE, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82 })
    .toFile(file);
}

export async function removePhotoFile(root: string, file: string) {
  await fs.rm(path.join(root, file), { force: true });
}

export async function removePhotoFiles(root: string, files: { filename: string; thumbFilename: string }) {
  await Promise.all([files.filename, files.thumbFilename].map((file) => removePhotoFile(root, file)));
}
