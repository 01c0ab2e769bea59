/**
 * `npm run photos -- pending` lists photos waiting for a moderator (sites with the setting
 * photo_moderation), with the file to look at; `npm run photos -- approve <id>` and
 * `npm run photos -- reject <id>` decide. Only approved photos are shown to other members.
 */
import path from 'node:path';
import { DomainError } from '../errors.js';
import { mediaRoot } from '../members/photos/files.js';
import { failWith, withDatabase } from './tool.js';

const fail: (message: string) => never = failWith('photos');
const USAGE = 'usage: npm run photos -- pending [--limit N] | approve <photo id> | reject <photo id>';
const [command, argument, limitValue] = process.argv.slice(2);

await withDatabase(fail, async ({ config, services }) => {
  if (command === 'pending') {
    const limit = argument === '--limit' ? Number(limitValue) : 50;
    if (!Number.isInteger(limit) || limit < 1) fail(USAGE);
    const photos = await services.photos.pending(limit);
    if (photos.length === 0) console.log('No photos are waiting for review.');
    for (const photo of photos) {
      const file = path.join(mediaRoot(config.dataDir), photo.filename);
      console.log(`${photo.id}\t${photo.created_at}\tprofile ${photo.profile_id} (${photo.name})\t${file}`);
    }
    return;
  }
  if (command !== 'approve' && command !== 'reject') fail(USAGE);
  const photoId = Number(argument);
  if (!Number.isInteger(photoId) || photoId < 1) fail(USAGE);
  try {
    await services.photos.review(photoId, command === 'approve' ? 'active' : 'rejected');
  } catch (error) {
    if (error instanceof DomainError && error.code === 'not_found') fail(`there is no photo ${photoId}`);
    throw error;
  }
  console.log(`Photo ${photoId} ${command === 'approve' ? 'approved' : 'rejected'}.`);
});
