/**
 * The demo site a fresh DATA_DIR starts with, its ready demo member and its hosted (fictional)
 * profiles with generated avatars; and many more hosted profiles in bulk for load tests.
 */
import { HAIR_COLOURS, type ProfileUpdate } from '@amora/common';
import type { StoredPhotoFiles } from '../members/photos/files.js';
import type { NewDiscountCode } from '../money/prices/service.js';
import { addDays, type Clock } from '../platform/clock.js';
import { bulkLoad } from '../platform/db/bulk-load.js';
import type { Db } from '../platform/db/index.js';
import type { NewPhotoRow, NewProfileRow } from '../platform/db/schema.js';
import { updatePlannerStatistics } from '../platform/db/statistics.js';
import type { Site, StoredSettings } from '../platform/site.js';
import type { Services } from '../services.js';
import { newSiteSettings } from '../sites/defaults.js';
import { type AvatarLook, avatarImage, randomLook, randomPose } from './avatars.js';
import { generateHostedProfiles, type HostedProfile, hostedProfileRow, hostedProfiles } from './hosted-profiles.js';
import { createRandom } from './random.js';

export const DEMO_MEMBER = { email: 'demo@amora.test', password: 'amora-demo-2026', name: 'Demo' };
/** A member who has not bought anything yet: the first purchase makes them premium. */
export const DEMO_NEW_MEMBER = { email: 'new@amora.test', password: 'amora-new-2026', name: 'Sam' };
/** Codes to try at /credits, each answering differently (SPEC §3's rules). */
export const DEMO_DISCOUNT_CODES: NewDiscountCode[] = [
  { code: 'SPRING10', percentage: 10 },
  { code: 'BIGGER30', percentage: 30, minimumOrderValue: 5000, currency: 'EUR' },
  { code: 'BELGIE15', percentage: 15, country: 'BE' },
  { code: 'PAYPAL20', percentage: 20, methods: ['paypal'] },
  { code: 'SUMMER2024', percentage: 20, expires: '2024-09-01T00:00:00Z' },
];
/** The operator who answers as the demo site's hosted profiles, at /staff. */
export const DEMO_OPERATOR = {
  email: 'operator@amora.test',
  password: 'amora-operator-2026',
  name: 'Olivia',
  role: 'operator',
} as const;
/** The moderator of the demo sites' photos, at /staff (Liefdevol checks members' photos). */
export const DEMO_MODERATOR = {
  email: 'moderator@amora.test',
  password: 'amora-moderator-2026',
  name: 'Mona',
  role: 'moderator',
} as const;
/** The admin of the demo sites, at /staff. */
export const DEMO_ADMIN = {
  email: 'admin@amora.test',
  password: 'amora-admin-2026',
  name: 'Ada',
  role: 'admin',
} as const;
export const DEMO_DOMAIN = 'amora.test';

export const DEMO_SETTINGS: StoredSettings = {
  ...newSiteSettings({ name: 'Amora', domain: DEMO_DOMAIN }),
  index_title: 'Amora – meet singles near you',
  description: 'Amora is the friendly place to meet singles near you: sign up for free, chat and find your match.',
  support_phone: '+31 20 123 45 67',
  // The demo operator signs in with the password alone; the demo admin sets up an authenticator app.
  operator_two_step: 'optional',
};

const DEMO_COMPANY = {
  name: 'Amora Media B.V.',
  address: 'Herengracht 100',
  kvk: '12345678',
  city: 'Amsterdam',
  country: 'NL',
  tradenames: JSON.stringify(['Amora']),
  vat_numbers: JSON.stringify(['NL001234567B01']),
  support_phone: '+31 20 123 45 67',
  delete_discount: 50,
  added: '2024-03-01T09:00:00Z',
};

/**
 * A second demo site, in Dutch, for members only: visitors cannot search, and only visitors who came
 * with a traffic source (?network=…) may sign up. Browsers reach any *.localhost name on this machine.
 */
export const MEMBERS_ONLY_DOMAIN = 'liefdevol.localhost';
const MEMBERS_ONLY_SETTINGS: StoredSettings = {
  ...newSiteSettings({ name: 'Liefdevol', domain: MEMBERS_ONLY_DOMAIN, country: 'NL' }),
  index_title: 'Liefdevol – singles bij jou in de buurt',
  description: 'Liefdevol is de plek voor singles in Nederland: alleen voor leden.',
  niche: 2,
  signups: 'with_trafficsource',
  logged_out_search: false,
  logged_out_search_trafficsource: true,
  fictional_warning:
    'Profielen met dit teken worden door ons team beheerd voor entertainment; met hen kun je niet echt afspreken.',
  fictional_singular: 'beheerd profiel',
  fictional_plural: 'beheerde profielen',
  // Members' photos wait for a moderator here: the demo of the photo queue.
  photo_moderation: true,
};
const MEMBERS_ONLY_HOSTED_PROFILES = 24;

/** Hosted profiles a fresh demo site gets. */
export const DEMO_HOSTED_PROFILES = 200;
/** The demo's pseudo-random seed: the same seed (and day) gives the same people. */
export const DEMO_SEED = 2026;

export interface SeedOptions {
  /** Extra host names that reach the demo site, e.g. localhost and PUBLIC_URL's host. */
  domains: string[];
  /** Hosted profiles with generated avatars; DEMO_HOSTED_PROFILES unless given (the API tests give 0). */
  hostedProfiles?: number;
  /** Whether the members-only second site is made too (the full demo: npm start and the journeys). */
  membersOnlySite?: boolean;
  seed?: number;
}

/** Creates the demo site and member when the database has no site yet. Returns true when it seeded. */
export async function seedDemo(
  services: Services,
  clock: Clock,
  { domains, hostedProfiles: hosted = DEMO_HOSTED_PROFILES, seed = DEMO_SEED, membersOnlySite = false }: SeedOptions,
): Promise<boolean> {
  if (await services.sites.anySite()) return false;
  const site = await services.sites.createSite(
    { domain: DEMO_DOMAIN, name: 'Amora', language: 'en', country: 'GB' },
    { company: DEMO_COMPANY, settings: DEMO_SETTINGS, aliases: domains },
  );
  await services.credits.stockSite(site, site.settings.countries);
  for (const code of DEMO_DISCOUNT_CODES) await services.credits.addDiscountCode(site, code);
  const dateOfBirth = addDays(clock.now(), -365 * 34)
    .toISOString()
    .slice(0, 10);
  const member = await services.lifecycle.createReadyMember(site, {
    ...DEMO_MEMBER,
    dateOfBirth,
    credits: 100,
    paid: true,
  });
  await completeDemoProfile(services, site, member);
  await services.lifecycle.createReadyMember(site, { ...DEMO_NEW_MEMBER, dateOfBirth, credits: 0 });
  await services.staff.addStaff(DEMO_OPERATOR);
  await services.staff.addStaff(DEMO_MODERATOR);
  await services.staff.addStaff(DEMO_ADMIN);
  if (hosted > 0) await seedHostedProfiles(services, site, clock, hosted, { seed });
  if (membersOnlySite) await seedMembersOnlySite(services, clock, seed);
  return true;
}

async function seedMembersOnlySite(services: Services, clock: Clock, seed: number) {
  const site = await services.sites.createSite(
    { domain: MEMBERS_ONLY_DOMAIN, name: 'Liefdevol', language: 'nl', country: 'NL' },
    { company: DEMO_COMPANY, settings: MEMBERS_ONLY_SETTINGS },
  );
  await services.credits.stockSite(site, site.settings.countries);
  await seedHostedProfiles(services, site, clock, MEMBERS_ONLY_HOSTED_PROFILES, { seed: seed + 1 });
}

/** The demo member's profile as a real member would have filled it in: details, place, words and photos. */
const DEMO_PROFILE = {
  gender: 'male',
  sexuality: 'hetero',
  hair_colour: 'brown',
  eye_colour: 'blue',
  body_type: 'athletic',
  relationship_status: 'single',
  tattoos: 'none',
  country: 'NL',
  region: 'NH',
  city: 'Amsterdam',
  interests: ['travel', 'cooking', 'music', 'nature'],
  about:
    'Software tester by day, amateur cook by night. I love long walks along the canals, live music and ' +
    'weekends by the sea. Looking for someone to share a good laugh and a good meal with.',
  signup_step: 'done',
} as const satisfies ProfileUpdate;
const DEMO_LOOK: AvatarLook = {
  gender: 'male',
  skin: '#c98b64',
  hairColour: 'brown',
  hairStyle: 'short',
  beard: true,
  glasses: false,
};
const DEMO_POSES = [
  { hue: 200, top: '#2f5d8a', tilt: -3, smile: 12 },
  { hue: 30, top: '#3f7a5a', tilt: 4, smile: 8 },
  { hue: 140, top: '#b8404a', tilt: 0, smile: 14 },
];

async function completeDemoProfile(services: Services, site: Site, member: { id: number; email: string }) {
  await services.members.updateProfile(
    site,
    { userId: member.id, email: member.email },
    { ...DEMO_PROFILE, interests: [...DEMO_PROFILE.interests] },
  );
  const profileId = await services.members.profileIdOf(member.id);
  for (const [index, pose] of DEMO_POSES.entries()) {
    await services.photos.addPhoto(profileId, avatarImage({ ...DEMO_LOOK, ...pose }), { main: index === 0 });
  }
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** sharp works on the libuv pool: a few avatars at a time keep both cores busy. */
const AVATAR_CONCURRENCY = 3;

/**
 * Adds `count` hosted profiles to a site, each with 1–4 avatars of its own, rendered and stored
 * through the photo pipeline like any upload. Tests that want some call this in their setup.
 */
export async function seedHostedProfiles(
  services: Services,
  site: Site,
  clock: Clock,
  count: number,
  { seed = DEMO_SEED }: { seed?: number } = {},
): Promise<{ profiles: number; photos: number }> {
  const profiles = generateHostedProfiles(count, { countries: site.settings.countries, now: clock.now(), seed });
  // Rows first and in order, so the same seed gives the same ids; the images in parallel after.
  const stored: { id: number; profile: HostedProfile }[] = [];
  for (const profile of profiles) {
    const row = await services.members.createHostedProfile(hostedProfileRow(profile, site.id));
    stored.push({ id: row.id, profile });
  }
  let photos = 0;
  await inParallel(stored, AVATAR_CONCURRENCY, async ({ id, profile }) => {
    const last = profile.poses.length - 1;
    for (const [index, pose] of profile.poses.entries()) {
      await services.photos.addPhoto(id, avatarImage({ ...profile.look, ...pose }), {
        main: index === 0,
        premiumOnly: index > 0 && index === last && profile.lastPhotoPremiumOnly,
      });
      photos++;
    }
  });
  return { profiles: stored.length, photos };
}

// Bulk seeding for load tests

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
