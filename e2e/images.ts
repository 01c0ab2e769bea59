/** Files to upload in the journeys: real photos made with sharp, and files that only pretend. */
import sharp from 'sharp';

export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export async function photoFile(name: string, colour: string, format: 'jpeg' | 'png' = 'jpeg'): Promise<UploadFile> {
  const image = sharp({ create: { width: 900, height: 1200, channels: 3, background: colour } });
  const buffer = format === 'png' ? await image.png().toBuffer() : await image.jpeg({ quality: 85 }).toBuffer();
  return { name, mimeType: format === 'png' ? 'image/png' : 'image/jpeg', buffer };
}

/** A text file renamed to .jpg. */
export function fakeJpeg(): UploadFile {
  return { name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('this is not a photo\n'.repeat(50)) };
}

/** More bytes than the upload limit of 15 MB. */
export function oversizedJpeg(): UploadFile {
  return { name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(16 * 1024 * 1024, 7) };
}
