/** Bulk seeding for load tests: many hosted profiles on shared avatars, and many likes. */
import { HAIR_COLOURS } from '@amora/common';
import type { StoredPhotoFiles } from '../members/photos/files.js';
import type { Clock } from '../platform/clock.js';
import { bulkLoad } from '../platform/db/bulk-load.js';
import type { Db } from '../platform/db/index.js';
import type { NewPhotoRow, NewProfileRow } from '../platform/db/schema.js';
import { updatePlannerStatistics } from '../platform/db/statistics.js';
import type { Site } from '../platform/site.js';
import type { Services } from '../services.js';
import { avatarImage, randomLook, randomPose } from './avatars.js';
import { type HostedProfile, hostedProfileRow, hostedProfiles } from './hosted-profiles.js';
import { createRandom } from './random.js';
import { AVATAR_CONCURRENCY, DEMO_SEED, inParallel } from './seed.js';

/** Shared avatar images for bulk profiles: rendered once, pointed at by many photo rows. */
export const SHARED_AVATARS = 50;
const SHARED_AVATAR_FOLDER = 'hosted';
/** Rows per multi-row insert, within SQLite's 32,766 and PostgreSQL's 65,535 bound parameters. */
const PROFILE_BATCH = 1000;
const PHOTO_BATCH = 2500;

interface SharedAvatar extends StoredPhotoFiles {
  gender: string;
  hairColour: string;
}

async function renderSharedAvatars(photos: Services['photos'], seed: number): Promise<SharedAvatar[]> {
  const random = createRandom(seed ^ 0x5eed);
  const specs = Array.from({ length: SHARED_AVATARS }, (_, i) => {
    // About two in three hosted profiles are women; every hair colour for each gender.
    const gender = i < Math.round(SHARED_AVATARS * 0.64) ? 'female' : 'male';
    const colours = HAIR_COLOURS.filter((colour) => colour !== 'bald' || gender === 'male');
    const hairColour = colours[i % colours.length] as string;
    return { gender, hairColour, spec: { ...randomLook(random, gender, hairColour), ...randomPose(random) } };
  });
  const avatars: SharedAvatar[] = [];
  await inParallel(specs, AVATAR_CONCURRENCY, async ({ gender, hairColour, spec }) => {
    const files = await photos.storeSharedFiles(SHARED_AVATAR_FOLDER, avatarImage(spec));
    avatars.push({ gender, hairColour, ...files });
  });
  return avatars.sort((a, b) => a.filename.localeCompare(b.filename));
}

export interface BulkSeedOptions {
  count: number;
  seed?: number;
  /** Called after each batch with the number of profiles stored so far. */
  onProgress?: (stored: number) => void;
}

export interface BulkSeedResult {
  profiles: number;
  photos: number;
  avatarMs: number;
  insertMs: number;
}

/**
 * Adds `count` hosted profiles to a site quickly: multi-row inserts in one transaction, the tables'
 * indexes built and foreign keys checked after the rows when the load at least doubles them (bulkLoad), with photo
 * rows pointing at a small set of shared avatar files instead of an image each. `db` only runs the
 * transaction; every row goes in through the domains' services.
 */
export async function seedHostedProfilesInBulk(
  db: Db,
  services: Services,
  site: Site,
  clock: Clock,
  { count, seed = DEMO_SEED, onProgress }: BulkSeedOptions,
): Promise<BulkSeedResult> {
  const avatarStart = performance.now();
  const avatars = await renderSharedAvatars(services.photos, seed);
  const avatarMs = performance.now() - avatarStart;
  const byLook = new Map<string, SharedAvatar[]>();
  const byGender = new Map<string, SharedAvatar[]>();
  for (const avatar of avatars) {
    const look = `${avatar.gender}/${avatar.hairColour}`;
    byLook.set(look, [...(byLook.get(look) ?? []), avatar]);
    byGender.set(avatar.gender, [...(byGender.get(avatar.gender) ?? []), avatar]);
  }
  const random = createRandom(seed ^ 0xa7a7);
  /** `n` different shared avatars that fit the profile: same gender, its hair colour first. */
  const othersByLook = new Map<string, SharedAvatar[]>();
  const avatarsFor = (profile: HostedProfile, n: number): SharedAvatar[] => {
    const look = `${profile.gender}/${profile.hairColour}`;
    const sameLook = byLook.get(look) ?? [];
    let others = othersByLook.get(look);
    if (!others) {
      others = (byGender.get(profile.gender) ?? avatars).filter((avatar) => !sameLook.includes(avatar));
      othersByLook.set(look, others);
    }
    const start = random.int(0, 1_000_000);
    const chosen: SharedAvatar[] = [];
    for (const list of [sameLook, others]) {
      for (let i = 0; i < list.length && chosen.length < n; i++)
        chosen.push(list[(start + i) % list.length] as SharedAvatar);
    }
    return chosen;
  };

  const insertStart = performance.now();
  const createdAt = clock.now().toISOString();
  const stream = hostedProfiles({ countries: site.settings.countries, now: clock.now(), seed });
  let stored = 0;
  let photoCount = 0;
  await bulkLoad(
    db,
    { profiles: count, photos: 2 * count },
    async (trx) => {
      const takeBatch = () => {
        const batch: HostedProfile[] = [];
        while (batch.length < Math.min(PROFILE_BATCH, count - stored)) batch.push(stream.next().value as HostedProfile);
        return batch;
      };
      const writeBatch = async (batch: HostedProfile[]) => {
        const rows: NewProfileRow[] = batch.map((profile) => ({
          ...hostedProfileRow(profile, site.id),
          user_id: null,
          hosted: 1,
          status: 'active',
          created_at: createdAt,
        }));
        const ids = await services.members.createHostedProfilesInBulk(rows, trx);
        const photos: NewPhotoRow[] = [];
        batch.forEach((profile, i) => {
          const chosen = avatarsFor(profile, profile.poses.length);
          const last = chosen.length - 1;
          chosen.forEach((avatar, position) => {
            photos.push({
              profile_id: ids[i] as number,
              filename: avatar.filename,
              thumb_filename: avatar.thumbFilename,
              width: avatar.width,
              height: avatar.height,
              status: 'active',
              premium_only: position > 0 && position === last && profile.lastPhotoPremiumOnly ? 1 : 0,
              position,
              created_at: createdAt,
            });
          });
        });
        for (let i = 0; i < photos.length; i += PHOTO_BATCH) {
          await services.photos.addPhotoRowsInBulk(photos.slice(i, i + PHOTO_BATCH), trx);
        }
        await services.photos.useFirstPhotosAsMain(ids, trx);
        photoCount += photos.length;
      };
      let batch = takeBatch();
      while (batch.length > 0) {
        const writing = writeBatch(batch);
        // Its failure is taken up below; until then it must not count as unhandled.
        writing.catch(() => undefined);
        // The next batch is made while the database stores this one (once its first statement is sent).
        await new Promise((resolve) => setImmediate(resolve));
        stored += batch.length;
        const next = takeBatch();
        await writing;
        onProgress?.(stored);
        batch = next;
      }
    },
    // Setting each main photo looks photos up by profile; their indexes grow in order anyway.
    { keepIndexesOf: ['photos'] },
  );
  await updatePlannerStatistics(db, ['profiles', 'photos']);
  return { profiles: stored, photos: photoCount, avatarMs, insertMs: performance.now() - insertStart };
}

export interface BulkLikesOptions {
  /** The member whose likes lists are measured. */
  memberProfileId: number;
  /** Likes the member got from hosted profiles, the newest `unseen` of them still new. */
  received: number;
  unseen: number;
  /** Likes the member gave to hosted profiles (some of them liked the member: matches). */
  given: number;
  /** Likes each hosted profile gives to others, so the table is as full as a busy site's. */
  perProfile: number;
  seed?: number;
}

const LIKE_BATCH = 5000;

/** Likes for load tests: a busy site's table, and a member with long likes lists. */
export async function seedLikesInBulk(
  db: Db,
  services: Services,
  site: Site,
  clock: Clock,
  options: BulkLikesOptions,
): Promise<number> {
  const { memberProfileId, received, unseen, given, perProfile, seed = DEMO_SEED } = options;
  const hostedIds = await services.members.hostedProfileIds(site.id);
  const random = createRandom(seed ^ 0x11ce);
  const pick = () => hostedIds[random.int(0, hostedIds.length - 1)] as number;
  const now = clock.now().getTime();
  const minutesAgo = (minutes: number) => new Date(now - minutes * 60_000).toISOString();
  const likes: Parameters<typeof services.likes.addLikesInBulk>[1] = [];
  const like = (liker: number, liked: number, minutes: number, seen: boolean) => {
    const at = minutesAgo(minutes);
    likes.push({
      liker_profile_id: liker,
      liked_profile_id: liked,
      source: 'profile',
      created_at: at,
      seen_at: seen ? at : null,
    });
  };
  for (let i = 0; i < received; i++) like(hostedIds[i] as number, memberProfileId, i + 1, i >= unseen);
  for (let i = 0; i < given; i++) like(memberProfileId, hostedIds[i * 2] as number, i + 1, true);
  for (const liker of hostedIds) {
    for (let i = 0; i < perProfile; i++) {
      const liked = pick();
      if (liked !== liker) like(liker, liked, random.int(1, 60 * 24 * 90), true);
    }
  }
  await bulkLoad(db, { likes: likes.length, contacts: 2 * likes.length }, async (trx) => {
    for (let i = 0; i < likes.length; i += LIKE_BATCH) {
      await services.likes.addLikesInBulk(trx, likes.slice(i, i + LIKE_BATCH));
    }
  });
  await updatePlannerStatistics(db, ['likes', 'contacts']);
  return likes.length;
}
