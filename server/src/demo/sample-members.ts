/**
 * The demo site's members: fictional accounts with photos, their profiles filled in as members
 * fill in theirs, so that search shows what a live site shows: members with a photo first, hosted
 * profiles beside them (issue 51). Nobody knows their passwords; the demo's logins are the test
 * accounts of seed.ts, which nobody finds.
 */
import { randomBytes } from 'node:crypto';
import { type ProfileUpdate, profileUpdate } from '@amora/common/schemas';
import type { Clock } from '../platform/clock.js';
import type { Site } from '../platform/site.js';
import type { Services } from '../services.js';
import { avatarImage } from './avatars.js';
import { generateHostedProfiles, type HostedProfile } from './hosted-profiles.js';

/** The profile a member would fill in for this person, checked as the API checks one. */
function filledIn(person: HostedProfile): ProfileUpdate {
  return profileUpdate.parse({
    gender: person.gender,
    sexuality: person.sexuality,
    hair_colour: person.hairColour,
    eye_colour: person.eyeColour,
    body_type: person.bodyType,
    relationship_status: person.relationshipStatus,
    tattoos: person.tattoos,
    country: person.country,
    region: person.region,
    city: person.city,
    interests: person.interests,
    about: person.about,
    signup_step: 'done',
  });
}

/** Adds `count` members to the site, each with 1–4 photos of one look, as member<n>@<domain>. */
export async function seedSampleMembers(
  services: Services,
  site: Site,
  clock: Clock,
  { count, seed }: { count: number; seed: number },
): Promise<void> {
  const people = generateHostedProfiles(count, { countries: site.settings.countries, now: clock.now(), seed });
  for (const [index, person] of people.entries()) {
    const email = `member${index + 1}@${site.domain}`;
    const user = await services.lifecycle.createReadyMember(site, {
      email,
      password: randomBytes(18).toString('base64url'),
      name: person.name,
      dateOfBirth: person.dateOfBirth,
    });
    await services.members.updateProfile(site, { userId: user.id, email }, filledIn(person));
    const profileId = await services.members.profileIdOf(user.id);
    for (const [position, pose] of person.poses.entries()) {
      await services.photos.addPhoto(profileId, avatarImage({ ...person.look, ...pose }), { main: position === 0 });
    }
  }
}
