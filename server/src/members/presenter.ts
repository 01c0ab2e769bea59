/**
 * What leaves the server about a profile. Other members never get an email, a date of birth,
 * coordinates, or a photo that is not active; visitors and free members get fewer photos; private
 * photos go only to their owner and to those the visibility policy lets see them.
 */
import {
  ageOn,
  type Image,
  INTERESTS,
  type MemberProfile,
  type OwnPhoto,
  type OwnProfile,
  PRESENCE_RECENT_MINUTES,
  type PrivatePhotoStanding,
  type ProfileCard,
  parseBirthDate,
  SIGNUP_STEPS,
} from '@amora/common';
import type { PhotoRow, ProfileRow } from '../platform/db/schema.js';

/** Who is looking: nobody (a visitor), or a member with their profile and paid state. */
export type Viewer = { profileId: number; paid: boolean } | null;
/** A viewer who is signed in: what the members and likes domains need of the member who acts. */
export type SignedInViewer = NonNullable<Viewer>;

function ageOf(row: Pick<ProfileRow, 'date_of_birth'>, today: Date): number {
  const birthDate = parseBirthDate(row.date_of_birth);
  return birthDate ? ageOn(birthDate, today) : 0;
}

/** What a card shows of a profile and of its main photo (search reads only these columns). */
/** Online: the app is open; recently: active in the last hour; away otherwise. */
export type Presence = 'online' | 'recently' | 'away';

/** What a profile's presence is read from. */
export type PresenceRow = Pick<ProfileRow, 'hosted' | 'online_until' | 'last_active_at'>;

/** Online while the app says so, else recently when active lately; a hosted profile is never online. */
export function presenceAt(row: PresenceRow, now: Date): Presence {
  if (row.hosted === 1) return 'away';
  if (row.online_until && row.online_until > now.toISOString()) return 'online';
  const recently = new Date(now.getTime() - PRESENCE_RECENT_MINUTES * 60_000).toISOString();
  return row.last_active_at && row.last_active_at > recently ? 'recently' : 'away';
}

export type CardRow = Pick<ProfileRow, 'id' | 'name' | 'date_of_birth' | 'city' | 'country' | 'hosted'>;
export type ImageRow = Pick<PhotoRow, 'id' | 'filename' | 'thumb_filename' | 'status' | 'width' | 'height'>;

/** `isMain`: the profile's main photo, the one photo anyone may see, served from the site's cdn_prefix. */
function toImage(photo: ImageRow, isMain: boolean): Image {
  return {
    id: photo.id,
    filename: photo.filename,
    thumb_filename: photo.thumb_filename,
    public: isMain && photo.status === 'active',
    status: photo.status,
    width: photo.width,
    height: photo.height,
  };
}

export function toOwnPhoto(photo: PhotoRow, mainPhotoId: number | null): OwnPhoto {
  return {
    ...toImage(photo, photo.id === mainPhotoId),
    premium_only: photo.premium_only === 1,
    private: photo.private === 1,
    rejection: photo.rejection,
  };
}

function interestsOf(row: ProfileRow): string[] {
  const stored = JSON.parse(row.interests) as string[];
  return stored.filter((id) => (INTERESTS as readonly string[]).includes(id));
}

const choiceOf = <T extends string>(value: string | null) => value as T | null;

export function presentOwnProfile(row: ProfileRow, photos: PhotoRow[], today: Date): OwnProfile {
  const main = photos.find((photo) => photo.id === row.main_photo_id);
  const step = row.signup_step as OwnProfile['signup_step'];
  return {
    id: row.id,
    name: row.name,
    age: ageOf(row, today),
    date_of_birth: row.date_of_birth,
    status: row.status,
    main_image: main ? toImage(main, true) : null,
    photos: photos.map((photo) => toOwnPhoto(photo, row.main_photo_id)),
    interests: interestsOf(row),
    about: row.about,
    invisible: row.invisible === 1,
    signup_step: step === 'done' || (SIGNUP_STEPS as readonly string[]).includes(step) ? step : 'done',
    gender: choiceOf(row.gender),
    sexuality: choiceOf(row.sexuality),
    hair_colour: choiceOf(row.hair_colour),
    eye_colour: choiceOf(row.eye_colour),
    body_type: choiceOf(row.body_type),
    relationship_status: choiceOf(row.relationship_status),
    tattoos: choiceOf(row.tattoos),
    country: row.country,
    region: row.region,
    city: row.city,
  };
}

export function presentCard(row: CardRow, main: ImageRow | undefined, today: Date): ProfileCard {
  return {
    id: row.id,
    name: row.name,
    age: ageOf(row, today),
    city: row.city,
    country: row.country,
    hosted: row.hosted === 1,
    main_image: main?.status === 'active' ? toImage(main, true) : null,
  };
}

/**
 * Photos by who may see them: visitors only the main photo, free members all but premium-only
 * ones, premium members every active photo. The counts say what logging in or upgrading shows.
 * Private photos (never the main one) are apart: shown when `privateShown` (the visibility
 * policy's word), counted as placeholders for other members.
 */
function visiblePhotos(row: ProfileRow, photos: PhotoRow[], viewer: Viewer, privateShown: boolean) {
  const active = photos.filter((photo) => photo.status === 'active');
  const main = active.find((photo) => photo.id === row.main_photo_id);
  const ordered = main ? [main, ...active.filter((photo) => photo !== main)] : active;
  const isPrivate = (photo: PhotoRow) => photo.private === 1 && photo !== main;
  const open = ordered.filter((photo) => !isPrivate(photo));
  const closed = ordered.filter(isPrivate);
  const privately = {
    privateShown: privateShown ? closed : [],
    privateHidden: privateShown || !viewer ? 0 : closed.length,
  };
  if (!viewer) {
    const shown = open.slice(0, 1);
    return { shown, forMembers: ordered.length - shown.length, forPremium: 0, ...privately };
  }
  if (viewer.paid || viewer.profileId === row.id) return { shown: open, forMembers: 0, forPremium: 0, ...privately };
  const shown = open.filter((photo) => photo.premium_only === 0 || photo === main);
  return { shown, forMembers: 0, forPremium: open.length - shown.length, ...privately };
}

/** Whether the profile page shows `viewer` this photo (its owner's own access is access/authorize.ts's). */
export function maySeePhoto(
  row: ProfileRow,
  photos: PhotoRow[],
  photo: PhotoRow,
  viewer: Viewer,
  privateShown: boolean,
): boolean {
  const visible = visiblePhotos(row, photos, viewer, privateShown);
  return visible.shown.includes(photo) || visible.privateShown.includes(photo);
}

/** Where viewer and profile stand with each other's private photos, as the visibility policy found. */
export interface PrivatePhotoView {
  shown: boolean;
  access: PrivatePhotoStanding;
  mine: PrivatePhotoStanding;
}

export function presentMember(
  row: ProfileRow,
  photos: PhotoRow[],
  viewer: Viewer,
  blocked: boolean,
  today: Date,
  privateView: PrivatePhotoView,
): MemberProfile {
  const { shown, forMembers, forPremium, privateShown, privateHidden } = visiblePhotos(
    row,
    photos,
    viewer,
    viewer !== null && privateView.shown,
  );
  const main = photos.find((photo) => photo.id === row.main_photo_id);
  return {
    ...presentCard(row, main, today),
    gender: row.gender,
    sexuality: row.sexuality,
    region: row.region,
    hair_colour: row.hair_colour,
    eye_colour: row.eye_colour,
    body_type: row.body_type,
    relationship_status: row.relationship_status,
    tattoos: row.tattoos,
    about: row.about,
    interests: interestsOf(row),
    photos: shown.map((photo) => toImage(photo, photo.id === row.main_photo_id)),
    photos_for_members: forMembers,
    photos_for_premium: forPremium,
    private_photos: privateShown.map((photo) => toImage(photo, false)),
    private_photos_hidden: privateHidden,
    private_access: privateView.access,
    my_private_photos: privateView.mine,
    blocked,
  };
}
