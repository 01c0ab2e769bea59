/** Hosted profiles in the back office: their details, photos and persona sheets. */
import { z } from 'zod';
import { GENDERS, HOSTED_STATUSES, NAME_MAX_LENGTH } from '../constants.js';
import { id } from './ids.js';
import { birthDateField, choice, profileUpdate } from './members.js';
import { namedRecord } from './staff.js';
import { persona, personaFacts, personaRequest } from './staff-inbox.js';
import { text } from './text.js';

/** The details of a hosted profile that staff set: a member's profile fields, less a member's own settings. */
const hostedDetails = profileUpdate.omit({ invisible: true, signup_step: true, latitude: true, longitude: true });

/** POST /api/staff/hosted.php: a new hosted profile on a site. */
export const newHostedProfileRequest = hostedDetails
  .extend({
    site: id,
    name: profileUpdate.shape.name.unwrap(),
    date_of_birth: birthDateField,
    gender: choice(GENDERS),
  })
  .strict();
export type NewHostedProfile = z.infer<typeof newHostedProfileRequest>;

/** PUT /api/staff/hosted.php: changes to a hosted profile's details. */
export const changeHostedProfileRequest = hostedDetails
  .extend({ id, date_of_birth: birthDateField.optional() })
  .strict();
export type HostedProfileChange = z.infer<typeof changeHostedProfileRequest>;

/** POST /api/staff/hosted-status.php: retire a hosted profile (it leaves every list) or bring it back. */
export const hostedStatusRequest = z.object({ id, status: z.enum(HOSTED_STATUSES, { message: 'invalid_choice' }) });

/** GET /api/staff/hosted.php: a site's hosted profiles (operators: their own site's), by the start of a name. */
export const hostedProfilesQuery = z.object({
  site: id.optional(),
  q: text().trim().max(NAME_MAX_LENGTH, 'too_long').optional(),
  status: z.enum(HOSTED_STATUSES, { message: 'invalid_choice' }).optional(),
});

export const hostedProfilesResponse = z.object({
  /** Most conversations waiting first, then by name. */
  profiles: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      age: z.number(),
      gender: z.string().nullable(),
      city: z.string().nullable(),
      country: z.string().nullable(),
      site: namedRecord,
      status: z.enum(HOSTED_STATUSES),
      thumb_url: z.string().nullable(),
      photos: z.number(),
      conversations: z.number(),
      waiting: z.number(),
    }),
  ),
});
export type HostedProfileListEntry = z.infer<typeof hostedProfilesResponse>['profiles'][number];

export const hostedPhoto = z.object({
  id: z.number(),
  url: z.string(),
  thumb_url: z.string(),
  main: z.boolean(),
  premium_only: z.boolean(),
  private: z.boolean(),
  /** Sent in a conversation: kept, so the member's history stays whole. */
  sent: z.boolean(),
});

/** GET /api/staff/hosted-profile.php: one hosted profile with its photos and persona sheet. */
export const hostedProfileResponse = z.object({
  profile: z.object({
    id: z.number(),
    site: namedRecord,
    status: z.enum(HOSTED_STATUSES),
    name: z.string(),
    date_of_birth: z.string(),
    age: z.number(),
    about: z.string(),
    interests: z.array(z.string()),
    gender: z.string().nullable(),
    sexuality: z.string().nullable(),
    hair_colour: z.string().nullable(),
    eye_colour: z.string().nullable(),
    body_type: z.string().nullable(),
    relationship_status: z.string().nullable(),
    tattoos: z.string().nullable(),
    country: z.string().nullable(),
    region: z.string().nullable(),
    city: z.string().nullable(),
    conversations: z.number(),
    waiting: z.number(),
  }),
  photos: z.array(hostedPhoto),
  persona,
});
export type HostedProfileDetail = z.infer<typeof hostedProfileResponse>;

/** GET /api/staff/hosted-profile.php?id= */
export const hostedProfileQuery = z.object({ id });

/** PUT /api/staff/hosted-photo.php: the main photo, or who may see one. */
export const hostedPhotoChangeRequest = z.object({
  profile: id,
  photo: id,
  main: z.literal(true, { message: 'invalid' }).optional(),
  premium_only: z.boolean({ message: 'invalid' }).optional(),
  private: z.boolean({ message: 'invalid' }).optional(),
});
/** DELETE /api/staff/hosted-photo.php */
export const hostedPhotoRemoveRequest = z.object({ profile: id, photo: id });
/** POST /api/staff/hosted-photo.php?profile=: the upload itself is multipart/form-data. */
export const hostedPhotoUploadQuery = z.object({ profile: id });

/** PUT /api/staff/hosted-persona.php: a hosted profile's persona sheet, edited from `version`. */
export const hostedPersonaRequest = z.object({
  profile: id,
  version: personaRequest.shape.version,
  facts: personaFacts,
});
