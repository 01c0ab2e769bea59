/**
 * Hosted (fictional) profiles for the demo site and for load tests: names typical of each
 * country, real cities from the offline geo data, varied details and an about-me text, all drawn
 * from a seeded pseudo-random generator so the same seed gives the same people.
 */
import {
  BODY_TYPES,
  EYE_COLOURS,
  HAIR_COLOURS,
  INTERESTS,
  MAX_AGE,
  MIN_AGE,
  RELATIONSHIP_STATUSES,
  TATTOOS,
} from '@amora/common';
import type { NewProfileRow } from '../platform/db/schema.js';
import { type AvatarLook, type AvatarPose, randomLook, randomPose } from './avatars.js';
import { aboutTexts, citiesPerCountry, namePicker } from './profile-pools.js';
import { createRandom, type Random } from './random.js';

export interface HostedProfile {
  name: string;
  gender: 'female' | 'male';
  sexuality: string;
  dateOfBirth: string;
  country: string;
  region: string;
  city: string;
  latitude: number;
  longitude: number;
  hairColour: string;
  eyeColour: string;
  bodyType: string;
  relationshipStatus: string;
  tattoos: string;
  interests: string[];
  about: string;
  lastActiveAt: string;
  look: AvatarLook;
  /** One pose per photo (1–4); the first is the main photo. */
  poses: AvatarPose[];
  /** When true, the last of several photos is for premium members only. */
  lastPhotoPremiumOnly: boolean;
}

export interface HostedProfileOptions {
  /** The countries to spread the profiles over, e.g. the site's. */
  countries: readonly string[];
  /** Ages and activity are counted back from this moment. */
  now: Date;
  seed?: number;
}

const ACTIVITY_DAYS = 14;
const round2 = (value: number) => Math.round(value * 100) / 100;

/** A day of birth that makes someone `age` years old on `now`. */
function birthDateFor(random: Random, now: Date, age: number): string {
  const latest = Date.UTC(now.getUTCFullYear() - age, now.getUTCMonth(), now.getUTCDate());
  const daysEarlier = random.int(0, 363);
  return new Date(latest - daysEarlier * 86_400_000).toISOString().slice(0, 10);
}

function ageFor(random: Random): number {
  return random.chance(0.65) ? random.int(22, 45) : random.int(MIN_AGE, Math.min(65, MAX_AGE));
}

/**
 * An endless, deterministic stream of hosted profiles spread evenly over `countries`.
 * Take as many as needed; the same seed, countries and `now` give the same profiles.
 */
export function* hostedProfiles({ countries, now, seed = 2026 }: HostedProfileOptions): Generator<HostedProfile> {
  if (countries.length === 0) throw new Error('hosted profiles need at least one country');
  const random = createRandom(seed);
  const abouts = aboutTexts(random);
  const cities = citiesPerCountry(countries);
  const nameFor = namePicker(random);
  for (let i = 0; ; i++) {
    const country = countries[i % countries.length] as string;
    const place = cities.get(country);
    if (!place || place.all.length === 0) throw new Error(`the geo data has no cities for ${country}`);
    const city =
      place.wellKnown.length > 0 && random.chance(0.6) ? random.pick(place.wellKnown) : random.pick(place.all);
    const gender = random.chance(0.68) ? 'female' : 'male';
    const name = nameFor(country, gender);
    const age = ageFor(random);
    const sexuality = random.weighted([
      ['hetero', 78],
      ['bi', 12],
      [gender === 'female' ? 'lesbian' : 'gay', 10],
    ] as const);
    const hairColour =
      age > 50 && random.chance(0.4)
        ? 'grey'
        : random.pick(HAIR_COLOURS.filter((c) => c !== 'grey' && (c !== 'bald' || gender === 'male')));
    const photoCount = random.weighted([
      [1, 25],
      [2, 35],
      [3, 25],
      [4, 15],
    ] as const);
    yield {
      name,
      gender,
      sexuality,
      dateOfBirth: birthDateFor(random, now, age),
      country,
      region: city.region,
      city: city.name,
      latitude: round2(city.latitude),
      longitude: round2(city.longitude),
      hairColour,
      eyeColour: random.pick(EYE_COLOURS),
      bodyType: random.pick(BODY_TYPES.filter((b) => b !== (gender === 'male' ? 'curvy' : ''))),
      relationshipStatus: random.weighted(
        RELATIONSHIP_STATUSES.map(
          (status) => [status, status === 'single' ? 6 : status === 'relationship' ? 0.5 : 1] as const,
        ),
      ),
      tattoos: random.weighted(TATTOOS.map((t) => [t, t === 'none' ? 5 : t === 'some' ? 3 : 1] as const)),
      interests: random.sample(INTERESTS, random.int(2, 6)),
      about: random.pick(abouts),
      lastActiveAt: new Date(now.getTime() - Math.floor(random.next() * ACTIVITY_DAYS * 86_400_000)).toISOString(),
      look: randomLook(random, gender, hairColour, age),
      poses: Array.from({ length: photoCount }, () => randomPose(random)),
      lastPhotoPremiumOnly: photoCount > 1 && random.chance(0.35),
    };
  }
}

/** The first `count` profiles of the stream. */
export function generateHostedProfiles(count: number, options: HostedProfileOptions): HostedProfile[] {
  const profiles: HostedProfile[] = [];
  if (count <= 0) return profiles;
  for (const profile of hostedProfiles(options)) {
    profiles.push(profile);
    if (profiles.length >= count) break;
  }
  return profiles;
}

/** The profile row of a hosted profile, without what the store adds (user, hosted, status, created_at). */
export function hostedProfileRow(
  profile: HostedProfile,
  siteId: number,
): Omit<NewProfileRow, 'user_id' | 'hosted' | 'status' | 'created_at'> {
  return {
    site_id: siteId,
    name: profile.name,
    date_of_birth: profile.dateOfBirth,
    gender: profile.gender,
    sexuality: profile.sexuality,
    country: profile.country,
    region: profile.region,
    city: profile.city,
    latitude: profile.latitude,
    longitude: profile.longitude,
    hair_colour: profile.hairColour,
    eye_colour: profile.eyeColour,
    body_type: profile.bodyType,
    relationship_status: profile.relationshipStatus,
    tattoos: profile.tattoos,
    about: profile.about,
    interests: JSON.stringify(profile.interests),
    signup_step: 'done',
    last_active_at: profile.lastActiveAt,
  };
}
