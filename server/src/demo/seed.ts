/**
 * The demo site a fresh DATA_DIR starts with, its ready demo member (a test account: nobody finds
 * it), its sample members and its hosted (fictional) profiles with generated avatars.
 */

import type { ProfileUpdate } from '@amora/common';
import type { NewDiscountCode } from '../money/prices/service.js';
import { addDays, type Clock } from '../platform/clock.js';
import type { Site, StoredSettings } from '../platform/site.js';
import type { Services } from '../services.js';
import { newSiteSettings } from '../sites/defaults.js';
import { type AvatarLook, type AvatarPose, avatarImage } from './avatars.js';
import { generateHostedProfiles, type HostedProfile, hostedProfileRow } from './hosted-profiles.js';
import { seedSampleMembers } from './sample-members.js';

export const DEMO_MEMBER = { email: 'demo@amora.test', password: 'amora-demo-2026', name: 'Demo' };
/** A member who has not bought anything yet: the first purchase makes them premium. */
const DEMO_NEW_MEMBER = { email: 'new@amora.test', password: 'amora-new-2026', name: 'Sam' };
/** Codes to try at /credits, each answering differently (SPEC §3's rules). */
const DEMO_DISCOUNT_CODES: NewDiscountCode[] = [
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
const DEMO_MODERATOR = {
  email: 'moderator@amora.test',
  password: 'amora-moderator-2026',
  name: 'Mona',
  role: 'moderator',
} as const;
/** The admin of the demo sites, at /staff. */
const DEMO_ADMIN = {
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
const MEMBERS_ONLY_DOMAIN = 'liefdevol.localhost';
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
/** Members with photos beside them (sample-members.ts): more than half a page of search. */
const DEMO_SAMPLE_MEMBERS = 16;
/** The demo's pseudo-random seed: the same seed (and day) gives the same people. */
export const DEMO_SEED = 2026;

export interface SeedOptions {
  /** Extra host names that reach the demo site, e.g. localhost and PUBLIC_URL's host. */
  domains: string[];
  /** Hosted profiles with generated avatars; DEMO_HOSTED_PROFILES unless given (the API tests give 0). */
  hostedProfiles?: number;
  /** Members with generated avatars; DEMO_SAMPLE_MEMBERS where there are hosted profiles, else none. */
  sampleMembers?: number;
  /** Whether the members-only second site is made too (the full demo: npm start and the journeys). */
  membersOnlySite?: boolean;
  seed?: number;
  /** Where the demo is served: the demo moderator's and admin's invitations link there. */
  origin?: string;
}

/** Creates the demo site and member when the database has no site yet. Returns true when it seeded. */
export async function seedDemo(
  services: Services,
  clock: Clock,
  {
    domains,
    hostedProfiles: hosted = DEMO_HOSTED_PROFILES,
    sampleMembers = hosted > 0 ? DEMO_SAMPLE_MEMBERS : 0,
    seed = DEMO_SEED,
    membersOnlySite = false,
    origin,
  }: SeedOptions,
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
  // The demo's logins are test accounts: nobody finds them, and no visitor sees them.
  const member = await services.lifecycle.createReadyMember(site, {
    ...DEMO_MEMBER,
    dateOfBirth,
    credits: 100,
    paid: true,
    testAccount: true,
  });
  await completeDemoProfile(services, site, member);
  await services.lifecycle.createReadyMember(site, { ...DEMO_NEW_MEMBER, dateOfBirth, credits: 0, testAccount: true });
  await services.staff.addStaff(DEMO_OPERATOR);
  for (const account of [DEMO_MODERATOR, DEMO_ADMIN]) {
    const added = await services.staff.addStaff(account);
    // Their invitations to set up an authenticator app wait in the dev mailbox.
    if (origin) await services.staff.inviteByMail({ site, locale: 'en', origin }, added.id);
  }
  if (sampleMembers > 0) await seedSampleMembers(services, site, clock, { count: sampleMembers, seed: seed + 2 });
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
  style: 'lorelei',
  seed: 'amora-demo',
  gender: 'male',
  skin: 'c58c63',
  hairColour: 'brown',
  glasses: false,
};
const DEMO_POSES: AvatarPose[] = [
  { scene: 'city', hue: 200, framing: 'portrait', flip: false, tilt: -2, gesture: false },
  { scene: 'beach', hue: 30, framing: 'wide', flip: true, tilt: 3, gesture: false },
  { scene: 'park', hue: 140, framing: 'close', flip: false, tilt: 0, gesture: false },
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
export async function inParallel<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
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
export const AVATAR_CONCURRENCY = 3;

/**
 * Adds `count` hosted profiles to a site, each with 1–4 avatars of its own, rendered and stored
 * through the photo pipeline like any upload. Tests that want some call this in their setup.
 */
async function seedHostedProfiles(
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
