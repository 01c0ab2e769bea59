/** Profiles, photos and the safety tables (blocks, contacts, reports). */
import type { PhotoRejection } from '@amora/common';
import type { Generated, Insertable, Selectable } from 'kysely';

export interface ProfilesTable {
  id: Generated<number>;
  /** Null for a hosted (fictional) profile, which has no account. */
  user_id: number | null;
  site_id: number;
  name: string;
  date_of_birth: string;
  status: 'disabled' | 'active' | 'deleted' | 'suspended';
  created_at: string;
  hosted: Generated<number>;
  /** 1: a test or demo account, which nobody finds (search, suggestions) and visitors never see. */
  test_account: Generated<number>;
  invisible: Generated<number>;
  gender: string | null;
  sexuality: string | null;
  country: string | null;
  region: string | null;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
  hair_colour: string | null;
  eye_colour: string | null;
  body_type: string | null;
  relationship_status: string | null;
  tattoos: string | null;
  about: Generated<string>;
  /** JSON array of interest ids. */
  interests: Generated<string>;
  signup_step: Generated<string>;
  main_photo_id: number | null;
  /** 1: the main photo is active (kept by the database's triggers, migration FacesInSearch). */
  has_face: Generated<number>;
  last_active_at: string | null;
  /** Online until then: an app of the member's is open and shown (renewed by its socket). */
  online_until: string | null;
  /** name as searchKey() makes it; written by members/profiles/queries.ts with the name. */
  name_key: Generated<string>;
}

export interface PhotosTable {
  id: Generated<number>;
  profile_id: number;
  filename: string;
  thumb_filename: string;
  width: number;
  height: number;
  status: 'pending' | 'active' | 'rejected';
  premium_only: Generated<number>;
  position: number;
  created_at: string;
  /** When a moderator decided it (null: never reviewed, e.g. on a site without photo moderation). */
  reviewed_at: Generated<string | null>;
  rejection: Generated<PhotoRejection | null>;
  /** 1: only its owner and the members they granted see it. */
  private: Generated<number>;
}

/** Where a member stands with another's private photos: asked for them, or granted them. */
export interface PrivatePhotoAccessTable {
  owner_profile_id: number;
  viewer_profile_id: number;
  status: 'asked' | 'granted';
  updated_at: string;
}

export interface BlocksTable {
  blocker_profile_id: number;
  blocked_profile_id: number;
  created_at: string;
}

/** Two profiles that have been in touch (a like either way, a conversation); one row each way. */
export interface ContactsTable {
  profile_id: number;
  other_profile_id: number;
}

export interface ReportsTable {
  id: Generated<number>;
  reporter_profile_id: number;
  reported_profile_id: number;
  reason: string;
  comment: string | null;
  created_at: string;
}

export type ProfileRow = Selectable<ProfilesTable>;
export type NewProfileRow = Insertable<ProfilesTable>;
export type PhotoRow = Selectable<PhotosTable>;
export type NewPhotoRow = Insertable<PhotosTable>;
