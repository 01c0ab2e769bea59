import { z } from 'zod';
import {
  ABOUT_MAX_LENGTH,
  BODY_TYPES,
  CITY_MAX_LENGTH,
  EYE_COLOURS,
  GENDERS,
  HAIR_COLOURS,
  INTERESTS,
  INTERESTS_MAX,
  MAX_AGE,
  MIN_AGE,
  NAME_MAX_LENGTH,
  PHOTO_REJECTIONS,
  PRIVATE_PHOTO_ACTIONS,
  RELATIONSHIP_STATUSES,
  REPORT_REASONS,
  SEARCH_TEXT_MAX_LENGTH,
  SEXUALITIES,
  SIGNUP_MESSAGE_MAX_LENGTH,
  SIGNUP_STEPS,
  TATTOOS,
} from '../constants.js';
import { birthDateProblem } from '../validation.js';
import { id, wholeNumber } from './ids.js';
import { multilineText, nameText, text } from './text.js';

/** One of `values`; anything else is invalid_choice. */
export const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { message: 'invalid_choice' });

export const photoStatus = z.enum(['pending', 'active', 'rejected']);
export type PhotoStatus = z.infer<typeof photoStatus>;

/**
 * A photo as others see it. Its paths are relative to the site's cdn_prefix when `public` (a main
 * photo, which anyone may see), else to the app's /media (MEDIA_PATH), which checks who asks: a CDN
 * never fronts a photo not everyone may see.
 */
export const image = z.object({
  id: z.number(),
  filename: z.string(),
  thumb_filename: z.string(),
  public: z.boolean(),
  status: photoStatus,
  width: z.number(),
  height: z.number(),
});
export type Image = z.infer<typeof image>;

/** A photo as its owner sees it. */
/** One's own photo; a rejected one says why (the moderator's reason). */
export const ownPhoto = image.extend({
  premium_only: z.boolean(),
  /** Only its owner and the members they granted see it. */
  private: z.boolean(),
  rejection: z.enum(PHOTO_REJECTIONS).nullable(),
});
export type OwnPhoto = z.infer<typeof ownPhoto>;

export const profileDetails = z.object({
  gender: choice(GENDERS).nullable(),
  sexuality: choice(SEXUALITIES).nullable(),
  hair_colour: choice(HAIR_COLOURS).nullable(),
  eye_colour: choice(EYE_COLOURS).nullable(),
  body_type: choice(BODY_TYPES).nullable(),
  relationship_status: choice(RELATIONSHIP_STATUSES).nullable(),
  tattoos: choice(TATTOOS).nullable(),
});

const location = z.object({
  country: z.string().nullable(),
  region: z.string().nullable(),
  city: z.string().nullable(),
});

export const profileStatus = z.enum(['disabled', 'active', 'deleted', 'suspended']);
export type ProfileStatus = z.infer<typeof profileStatus>;

/** The member's own profile, as user.php and profile.php return it. */
export const ownProfile = z.object({
  id: z.number(),
  name: z.string(),
  age: z.number(),
  date_of_birth: z.string(),
  status: profileStatus,
  main_image: image.nullable(),
  photos: z.array(ownPhoto),
  interests: z.array(z.string()),
  about: z.string(),
  invisible: z.boolean(),
  signup_step: z.enum([...SIGNUP_STEPS, 'done']),
  ...profileDetails.shape,
  ...location.shape,
});
export type OwnProfile = z.infer<typeof ownProfile>;

/** A date of birth as YYYY-MM-DD, of someone of age. */
export const birthDateField = text()
  .max(10, 'birthdate_invalid')
  .superRefine((value, ctx) => {
    const problem = birthDateProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .meta({ format: 'date' });

/** What profile.php accepts; every field is optional so a step saves only its own part. */
export const profileUpdate = z
  .object({
    name: nameText().trim().min(1, 'required').max(NAME_MAX_LENGTH, 'name_too_long'),
    about: multilineText().trim().max(ABOUT_MAX_LENGTH, 'too_long'),
    interests: z.array(choice(INTERESTS)).max(INTERESTS_MAX, 'too_many'),
    invisible: z.boolean(),
    country: text().length(2, 'invalid_choice').nullable(),
    region: text().max(10, 'invalid_choice').nullable(),
    city: nameText().trim().max(CITY_MAX_LENGTH, 'too_long').nullable(),
    latitude: z.number().min(-90).max(90).nullable(),
    longitude: z.number().min(-180).max(180).nullable(),
    signup_step: z.enum([...SIGNUP_STEPS, 'done']),
    ...profileDetails.shape,
  })
  .partial()
  .strict();
export type ProfileUpdate = z.infer<typeof profileUpdate>;

/** A search result or list entry. `hosted` marks a fictional profile run by the site. */
export const profileCard = z.object({
  id: z.number(),
  name: z.string(),
  age: z.number(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  hosted: z.boolean(),
  main_image: image.nullable(),
});
export type ProfileCard = z.infer<typeof profileCard>;

export const privatePhotoStanding = z.enum(['none', 'asked', 'granted']);
export type PrivatePhotoStanding = z.infer<typeof privatePhotoStanding>;

/** A profile page as the viewer may see it (the presenter hides the rest). */
export const memberProfile = profileCard.extend({
  gender: z.string().nullable(),
  sexuality: z.string().nullable(),
  region: z.string().nullable(),
  hair_colour: z.string().nullable(),
  eye_colour: z.string().nullable(),
  body_type: z.string().nullable(),
  relationship_status: z.string().nullable(),
  tattoos: z.string().nullable(),
  about: z.string(),
  interests: z.array(z.string()),
  photos: z.array(image),
  /** Photos a visitor must log in to see. */
  photos_for_members: z.number(),
  /** Photos only premium members see. */
  photos_for_premium: z.number(),
  /** Private photos the viewer may see: their own, or granted to them. */
  private_photos: z.array(image),
  /** Private photos the viewer may not see (yet): each shows as a placeholder. */
  private_photos_hidden: z.number(),
  /** Where the viewer stands with this profile's private photos. */
  private_access: privatePhotoStanding,
  /** Where this profile stands with the viewer's private photos: asked for them, or granted them. */
  my_private_photos: privatePhotoStanding,
  blocked: z.boolean(),
});
export type MemberProfile = z.infer<typeof memberProfile>;
/**
 * The likes between the signed-in viewer and a profile, as they were when the profile was opened
 * (opening it then marks its like to the viewer seen): whether the viewer likes it, whether it likes
 * the viewer, and whether that like was new to the viewer.
 */
export const likeState = z.object({ liked: z.boolean(), likes_me: z.boolean(), like_new: z.boolean() });
export type LikeState = z.infer<typeof likeState>;
/** A profile page; `like` is null for a visitor and on the viewer's own profile. */
export const memberResponse = z.object({ profile: memberProfile, like: likeState.nullable() });
export type MemberResponse = z.infer<typeof memberResponse>;

/** A page number asked for in a query (search, likes lists); the first when not asked. */
export const pageQuery = wholeNumber(1, 10_000).default(1);

/** An age asked for in a query (search, match finder). */
export const ageQuery = wholeNumber(MIN_AGE, MAX_AGE);

/**
 * Where the next page of a search starts: after this card of the results' order (keyset paging,
 * so a deep page costs what the first does). Opaque to clients, which hand back a response's `next`:
 * the server's signature, then the card's place: the part of the order it is in (members with a
 * face, hosted profiles with a face, those without), its id, and its last activity (or, in a name
 * search, its name's search key; empty when it has none).
 * The server takes back only cursors it signed.
 */
export const searchCursor = text()
  .max(200, 'invalid_choice')
  .transform((value, context) => {
    const match = /^([\w-]{32})\.(([012])~([1-9]\d{0,9})~(.*))$/.exec(value);
    if (!match) {
      context.addIssue({ code: 'custom', message: 'invalid_choice' });
      return z.NEVER;
    }
    const [, signature, place, part, id, key] = match;
    return { signature, place, at: { part: Number(part), id: Number(id), key: key || null } };
  });
export type SearchCursor = z.output<typeof searchCursor>;
/** A card's place in a search's order, as a cursor names it. */
export type SearchPlace = SearchCursor['at'];

/** The place part of a cursor, as the server signs it. */
export const searchPlaceText = ({ part, id, key }: SearchPlace) => `${part}~${id}~${key ?? ''}`;

export const searchQuery = z.object({
  gender: choice(GENDERS).optional(),
  country: text().length(2, 'invalid_choice').optional(),
  countryregion: text().min(1, 'invalid_choice').max(10, 'invalid_choice').optional(),
  min_age: ageQuery.optional(),
  max_age: ageQuery.optional(),
  /** The start of a name (the top bar's search box); results then come in name order. */
  q: text().trim().max(SEARCH_TEXT_MAX_LENGTH, 'too_long').optional(),
  page: pageQuery,
  /** The previous page's `next`: this page starts after it (`page` then only numbers it). */
  after: searchCursor.optional(),
  /** A visitor's traffic source, for sites that allow logged-out search only with one. */
  network: text().max(100, 'too_long').optional(),
});
export type SearchQuery = z.infer<typeof searchQuery>;

export const searchResponse = z.object({
  profiles: z.array(profileCard),
  total: z.number(),
  page: z.number(),
  pages: z.number(),
  /** The `after` of the following page; null on the last. */
  next: z.string().nullable(),
  similar: z.array(profileCard),
  similar_total: z.number(),
});
export type SearchResponse = z.infer<typeof searchResponse>;

/** A profile page; a visitor's traffic source counts where the site admits visitors only with one. */
export const memberQuery = z.object({
  id,
  network: text().max(100, 'too_long').optional(),
});

export const profileIdBody = z.object({ profile_id: id });
export const reportRequest = profileIdBody.extend({
  reason: choice(REPORT_REASONS),
  comment: multilineText().trim().max(SIGNUP_MESSAGE_MAX_LENGTH, 'too_long').optional(),
});
export type ReportRequest = z.infer<typeof reportRequest>;

export const blocksResponse = z.object({ profiles: z.array(profileCard) });

export const geocodeQuery = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
});
export const geocodeResponse = z.object({
  country: z.string(),
  region: z.string(),
  city: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type Geocode = z.infer<typeof geocodeResponse>;

export const citiesQuery = z.object({
  country: text().length(2, 'invalid_choice'),
  region: text().max(10, 'invalid_choice').optional(),
  q: text().max(CITY_MAX_LENGTH, 'too_long').default(''),
});
export const citiesResponse = z.object({ cities: z.array(z.object({ name: z.string(), region: z.string() })) });

export const photosResponse = z.object({ photos: z.array(ownPhoto), main_image: z.number().nullable() });
export type PhotosResponse = z.infer<typeof photosResponse>;
export const photosUpdate = z
  .object({
    order: z.array(id).max(100),
    main_image: id,
    /** One photo made private, or public again. */
    private_photo: z.object({ id, private: z.boolean({ message: 'invalid' }) }).strict(),
  })
  .partial()
  .strict();
export const photoIdBody = z.object({ id });

/** POST /api/private-photos.php: ask for a member's private photos, or answer about one's own. */
export const privatePhotosRequest = z.object({ profile_id: id, action: choice(PRIVATE_PHOTO_ACTIONS) }).strict();
export type PrivatePhotosRequest = z.infer<typeof privatePhotosRequest>;
