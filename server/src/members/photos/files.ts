/**
 * Turns an upload into the objects we serve: re-encoded by sharp (which drops EXIF and GPS),
 * turned upright, bounded in bytes and pixels, with a square thumbnail. A profile photo is named
 * by the hash of its encoded bytes: its address reveals nothing, never changes its content, and
 * so may be cached for a year. A chat photo's name is random.
 */
import { createHash, randomBytes } from 'node:crypto';
import { PHOTO_DECODES_AT_ONCE, PHOTO_MAX_PIXELS, PHOTO_MIN_SIDE } from '@amora/common';
import sharp, { type Sharp } from 'sharp';
import { createLimiter } from '../../platform/concurrency.js';
import { DomainError } from '../../platform/errors.js';
import { type MediaStore, putOptionsFor } from '../../platform/media/store.js';

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
 * Stores the objects under `folder`: p/<profile id> for profile photos, p/hosted for seeded avatars.
 * A member's upload passes `accept` (UPLOAD_FORMATS); the site's own images may be of any format.
 * The same image stored twice in one folder is one object (the caller removes objects no row uses).
 */
export function storePhotoFiles(
  store: MediaStore,
  folder: string,
  input: Buffer,
  accept?: readonly string[],
): Promise<StoredPhotoFiles> {
  return decoding(async () => {
    const image = await checkedImage(input, accept);
    const encoded = await encodeFull(image).catch(() => {
      throw new DomainError('photo_invalid');
    });
    const name = createHash('sha256').update(encoded.data).digest('hex').slice(0, 32);
    const files = { filename: `${folder}/${name}.webp`, thumbFilename: `${folder}/${name}-thumb.webp` };
    const thumb = await image
      .clone()
      .rotate()
      .resize({ width: THUMB_SIDE, height: THUMB_SIDE, fit: 'cover', position: 'attention' })
      .webp({ quality: 78 })
      .toBuffer()
      .catch(() => {
        throw new DomainError('photo_invalid');
      });
    await Promise.all([
      store.put(files.filename, encoded.data, putOptionsFor(files.filename)),
      store.put(files.thumbFilename, thumb, putOptionsFor(files.thumbFilename)),
    ]);
    return { ...files, width: encoded.info.width, height: encoded.info.height };
  });
}

/** A photo sent in a chat: one object under c/<sender's profile id>, no thumbnail. */
export function storeChatPhotoFile(
  store: MediaStore,
  folder: string,
  input: Buffer,
): Promise<{ filename: string; width: number; height: number }> {
  return decoding(async () => {
    const image = await checkedImage(input, UPLOAD_FORMATS);
    const encoded = await encodeFull(image).catch(() => {
      throw new DomainError('photo_invalid');
    });
    const filename = `${folder}/${randomBytes(16).toString('hex')}.webp`;
    await store.put(filename, encoded.data, putOptionsFor(filename));
    return { filename, width: encoded.info.width, height: encoded.info.height };
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

/** Upright, at most FULL_SIDE on its longer side, as WebP (which leaves EXIF and GPS behind). */
function encodeFull(image: Sharp) {
  return image
    .clone()
    .rotate()
    .resize({ width: FULL_SIDE, height: FULL_SIDE, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
}

export async function removePhotoFiles(store: MediaStore, files: string[]) {
  await Promise.all(files.map((file) => store.remove(file)));
}
