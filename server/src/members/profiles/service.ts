/** Profiles: each account's profile, what others may see of it, and the suggestions' starting point. */

import {
  ageOn,
  type Gender,
  type HostedProfileChange,
  type MemberProfile,
  type NewHostedProfile,
  type OwnProfile,
  type ProfileUpdate,
  parseBirthDate,
  profileNameProblem,
  soughtGender,
} from '@amora/common';
import { findCity, isRegionOf } from '../../geo/service.js';
import { BoundedCache } from '../../platform/cache.js';
import { addMinutes, type Clock } from '../../platform/clock.js';
import type { Db, InTransaction } from '../../platform/db/index.js';
import type { NewProfileRow, ProfileRow } from '../../platform/db/schema.js';
import { fieldError } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events/bus.js';
import type { Site } from '../../platform/site.js';
import * as photoQueries from '../photos/queries.js';
import { type Presence, presenceAt, presentMember, presentOwnProfile, type Viewer } from '../presenter.js';
import type { VisibilityPolicy } from '../safety/visibility.js';
import { searchKey } from '../search/key.js';
import * as queries from './queries.js';

export interface NewProfile {
  userId: number;
  siteId: number;
  name: string;
  dateOfBirth: string;
  /** A test or demo account (the demo's logins): nobody finds it, and no visitor sees it. */
  testAccount?: boolean;
}

/** Whom a profile looks for, going by its gender and sexuality (hetero when not given); null for anyone. */
const wantedGender = (gender: string | null, sexuality: string | null): Gender | null =>
  soughtGender(gender, sexuality ?? 'hetero') ?? null;

/** A member counts as active again after this many minutes, so search order stays fresh. */
const ACTIVITY_GRANULARITY_MINUTES = 5;
/** How often an open app's socket says the member is still online; online lasts twice as long. */
export const ONLINE_RENEWAL_MINUTES = 1;

/** Coordinates are kept to about a kilometre: enough for distance, not an address. */
const roundCoordinate = (value: number | null | undefined) =>
  value === null || value === undefined ? value : Math.round(value * 100) / 100;

/** How long a member's country is kept at most, however it changes. */
const COUNTRY_KEPT_MS = 60 * 60_000;
/** How many members' profile ids profileIdOf keeps; the earliest remembered go first. */
const PROFILE_IDS_REMEMBERED = 50_000;

/**
 * Tells every instance, in the transaction of the change, that a member's own profile or photos
 * changed: what they kept of it (user.php's answer) is dropped once it commits and is relayed.
 */
export async function recordProfileChange(events: EventBus, trx: Db, profile: Pick<ProfileRow, 'id' | 'site_id'>) {
  await events.record(trx, { type: 'profile.changed', siteId: profile.site_id, profileId: profile.id });
}

export function createMembersService(db: Db, clock: Clock, visibility: VisibilityPolicy, events: EventBus) {
  const nowIso = () => clock.now().toISOString();
  const profileIds = new Map<number, number>();
  // The read in flight is kept, not its result: a change committed meanwhile drops it.
  const countries = new BoundedCache<number, Promise<string | null>>(PROFILE_IDS_REMEMBERED);
  // Heard here also when it came from this instance, so its own change is followed while Redis is away.
  for (const subscribe of [events.subscribe, events.subscribeLocal]) {
    subscribe('profile.changed', (event) => countries.delete(event.profileId));
  }
  /** Members this process marked active within the granularity: marking them again would change nothing. */
  const markedActive = new BoundedCache<number, true>(PROFILE_IDS_REMEMBERED, () => clock.now().getTime());

  /** The status of an account's profile, in the caller's transaction; the caller relays the event after it. */
  async function setStatusOfUser(trx: Db, userId: number, status: ProfileRow['status']) {
    const profile = await queries.updateProfileStatusOfUser(trx, userId, status);
    if (profile) await recordProfileChange(events, trx, profile);
  }

  async function requireOwnRow(userId: number, trx: Db = db): Promise<ProfileRow> {
    const row = await queries.findProfileByUser(trx, userId);
    if (!row) throw new Error(`user ${userId} has no profile`);
    return row;
  }

  /**
   * Checks a location against the site's countries and the geo data set. A new country drops the
   * old country's region and city, unless the update names new ones.
   */
  function checkLocation(site: Site, current: Pick<ProfileRow, 'country' | 'region' | 'city'>, update: ProfileUpdate) {
    const country = update.country === undefined ? current.country : update.country;
    const countryChanged = country !== current.country;
    const newOrKept = <T>(value: T | undefined, old: T | null) =>
      value !== undefined ? value : countryChanged ? null : old;
    const region = newOrKept(update.region, current.region);
    const city = newOrKept(update.city, current.city);
    if (update.country !== undefined && country !== null && !site.settings.countries.includes(country)) {
      throw fieldError('country', 'invalid_choice');
    }
    if (update.region !== undefined && region !== null && (country === null || !isRegionOf(country, region))) {
      throw fieldError('region', 'invalid_choice');
    }
    return { country, region, city, moved: countryChanged || update.city !== undefined };
  }

  /** The row values of a profile change, its place checked against the site and the geo data. */
  function checkedValues(
    site: Site,
    current: Pick<ProfileRow, 'country' | 'region' | 'city'>,
    update: ProfileUpdate,
  ): Partial<ProfileRow> {
    const { country, region, city, moved } = checkLocation(site, current, update);
    const { interests, invisible, latitude, longitude, ...rest } = update;
    const values: Partial<ProfileRow> = { ...rest };
    if (interests !== undefined) values.interests = JSON.stringify([...new Set(interests)]);
    if (invisible !== undefined) values.invisible = invisible ? 1 : 0;
    if (moved) {
      // Coordinates belong to the city: a known one brings its own, any other clears the old ones.
      const known = city && country ? findCity(country, region, city) : undefined;
      values.region = region;
      values.city = known?.name ?? (city || null);
      values.latitude = roundCoordinate(known?.latitude ?? null);
      values.longitude = roundCoordinate(known?.longitude ?? null);
    }
    if (latitude !== undefined) values.latitude = roundCoordinate(latitude);
    if (longitude !== undefined) values.longitude = roundCoordinate(longitude);
    return values;
  }

  return {
    async createProfile(profile: NewProfile, trx: Db = db) {
      return queries.insertProfile(trx, {
        user_id: profile.userId,
        site_id: profile.siteId,
        name: profile.name,
        date_of_birth: profile.dateOfBirth,
        test_account: profile.testAccount ? 1 : 0,
        status: 'disabled',
        created_at: nowIso(),
        last_active_at: nowIso(),
      });
    },

    /** Many hosted profiles in one statement (load tests); their ids in the order given. */
    createHostedProfilesInBulk(rows: NewProfileRow[], trx: Db = db): Promise<number[]> {
      return queries.insertProfiles(trx, rows);
    },

    /** Ids of a site's hosted profiles, in id order (load tests). */
    hostedProfileIds(siteId: number): Promise<number[]> {
      return queries.hostedProfileIds(db, siteId);
    },

    /** A fictional profile run by the site itself (the demo seed makes these). */
    async createHostedProfile(profile: Omit<NewProfileRow, 'user_id' | 'hosted' | 'status' | 'created_at'>) {
      return queries.insertProfile(db, {
        ...profile,
        user_id: null,
        hosted: 1,
        status: 'active',
        signup_step: 'done',
        created_at: nowIso(),
      });
    },

    async ownProfile(userId: number): Promise<OwnProfile> {
      const row = await requireOwnRow(userId);
      return presentOwnProfile(row, await photoQueries.photosOfProfile(db, row.id), clock.now());
    },

    /**
     * The country on a member's profile, or null when not filled in: what a message costs them
     * depends on it, so it is kept until their profile changes.
     */
    async countryOf(userId: number): Promise<string | null> {
      const profileId = await this.profileIdOf(userId);
      const kept = countries.get(profileId);
      if (kept) return kept;
      const country = requireOwnRow(userId).then((row) => row.country || null);
      countries.set(profileId, country, COUNTRY_KEPT_MS);
      country.catch(() => countries.delete(profileId));
      return country;
    },

    /** A member's profile is made with the account and never changes, so its id is remembered. */
    async profileIdOf(userId: number): Promise<number> {
      const known = profileIds.get(userId);
      if (known !== undefined) return known;
      const { id } = await requireOwnRow(userId);
      if (profileIds.size >= PROFILE_IDS_REMEMBERED) profileIds.delete(profileIds.keys().next().value as number);
      profileIds.set(userId, id);
      return id;
    },

    /** A profile is shown to others only once its account is activated. */
    async enableProfile(userId: number, trx: Db = db) {
      await setStatusOfUser(trx, userId, 'active');
    },

    /** A deleted account's profile leaves every list at once; reactivation brings it back. */
    async withdrawProfile(userId: number, trx: Db = db) {
      await setStatusOfUser(trx, userId, 'deleted');
    },

    async restoreProfile(userId: number, activated: boolean, trx: Db = db) {
      await setStatusOfUser(trx, userId, activated ? 'active' : 'disabled');
    },

    /** A suspended member's profile leaves every list and page at once, as a deleted one does. */
    async suspendProfile(userId: number, trx: Db = db) {
      await setStatusOfUser(trx, userId, 'suspended');
    },

    /** The member behind a profile; null for a hosted profile, which no member owns. */
    async ownerOf(profileId: number): Promise<number | null> {
      return (await queries.findProfileById(db, profileId))?.user_id ?? null;
    },

    /** How many members signed up on the site since then (the weekly update). */
    countNewMembers: (siteId: number, since: string) => queries.countMembersCreatedSince(db, siteId, since),

    /** Profiles' names, with their country and account (none for a hosted profile). */
    namesOf: (profileIds: number[]) => queries.namesOf(db, profileIds),
    /** Members' profiles for staff, found by id, by the start of the name, or by account. */
    membersForStaff: (filter: Parameters<typeof queries.membersForStaff>[1]) => {
      const { nameStart, ...rest } = filter;
      return queries.membersForStaff(db, {
        ...rest,
        ...(nameStart !== undefined && { nameStart: searchKey(nameStart) }),
      });
    },

    /** A profile whatever its status, for staff. */
    profileForStaff: (profileId: number) => queries.findProfileById(db, profileId),

    /** The profiles (id and name) of accounts. */
    profilesOfUsers: (userIds: number[]) => queries.profilesOfUsers(db, userIds),

    /** Online while an app is open and shown: the socket renews it, a hidden page ends it. */
    async setOnline(profileId: number, online: boolean) {
      const now = clock.now();
      const until = online ? addMinutes(now, ONLINE_RENEWAL_MINUTES * 2).toISOString() : null;
      await queries.setOnlineUntil(db, profileId, until, now.toISOString());
    },

    /**
     * What others see of whether a member is around: online now, recently, or nothing. Hosted
     * profiles show none: nobody is behind them to be online, and it is never made up.
     */
    async presenceOf(profileIds: number[]): Promise<Map<number, Presence>> {
      if (profileIds.length === 0) return new Map();
      const now = clock.now();
      const rows = await queries.presenceRows(db, profileIds);
      return new Map(rows.map((row): [number, Presence] => [row.id, presenceAt(row, now)]));
    },

    async markActive(userId: number) {
      if (markedActive.has(userId)) return;
      const now = clock.now();
      markedActive.set(userId, true, ACTIVITY_GRANULARITY_MINUTES * 60_000);
      await queries.touchProfile(
        db,
        userId,
        now.toISOString(),
        addMinutes(now, -ACTIVITY_GRANULARITY_MINUTES).toISOString(),
      );
    },

    async updateProfile(site: Site, owner: { userId: number; email: string }, update: ProfileUpdate): Promise<void> {
      const current = await requireOwnRow(owner.userId);
      const nameProblem = update.name === undefined ? null : profileNameProblem(update.name, owner.email);
      if (nameProblem) throw fieldError('name', nameProblem);
      const values = checkedValues(site, current, update);
      if (Object.keys(values).length === 0) return;
      await db.transaction().execute(async (trx) => {
        await queries.updateProfile(trx, current.id, values);
        await recordProfileChange(events, trx, current);
      });
      await events.relay();
    },

    /** A hosted profile (any status), for staff; undefined for a member's profile or none. */
    async hostedProfile(profileId: number): Promise<ProfileRow | undefined> {
      const row = await queries.findProfileById(db, profileId);
      return row?.hosted === 1 ? row : undefined;
    },

    /** A site's hosted profiles for staff, by status and the start of the name. */
    hostedForStaff: (filter: {
      siteId?: number;
      status?: 'active' | 'deleted';
      nameStart?: string;
      ids?: number[];
      limit: number;
    }) =>
      queries.hostedForStaff(db, {
        ...filter,
        ...(filter.nameStart !== undefined && { nameStart: searchKey(filter.nameStart) }),
      }),

    /** A new hosted profile, its details checked as a member's own are; `audit` is written with it. */
    async addHostedProfile(
      site: Site,
      input: Omit<NewHostedProfile, 'site'>,
      audit?: InTransaction<ProfileRow>,
    ): Promise<ProfileRow> {
      const { name, date_of_birth, ...details } = input;
      const nameProblem = profileNameProblem(name, '');
      if (nameProblem) throw fieldError('name', nameProblem);
      const values = checkedValues(site, { country: null, region: null, city: null }, details);
      return db.transaction().execute(async (trx) => {
        const row = await queries.insertProfile(trx, {
          ...values,
          name: name.trim(),
          date_of_birth,
          site_id: site.id,
          user_id: null,
          hosted: 1,
          status: 'active',
          signup_step: 'done',
          created_at: nowIso(),
        });
        if (audit) await audit(trx, row);
        return row;
      });
    },

    /**
     * Changes a hosted profile's details, checked as a member's own are; the profile as it is after,
     * which `audit` is given in the transaction of the change.
     */
    async changeHostedProfile(
      site: Site,
      current: ProfileRow,
      change: Omit<HostedProfileChange, 'id'>,
      audit?: InTransaction<ProfileRow>,
    ): Promise<ProfileRow> {
      const { date_of_birth, ...details } = change;
      const nameProblem = details.name === undefined ? null : profileNameProblem(details.name, '');
      if (nameProblem) throw fieldError('name', nameProblem);
      const values = {
        ...checkedValues(site, current, details),
        ...(date_of_birth !== undefined && { date_of_birth }),
      };
      return db.transaction().execute(async (trx) => {
        if (Object.keys(values).length > 0) await queries.updateProfile(trx, current.id, values);
        const after = (await queries.findProfileById(trx, current.id)) ?? current;
        if (audit) await audit(trx, after);
        return after;
      });
    },

    /**
     * Retires an active hosted profile ('deleted': it leaves every list, as a deleted member does) or
     * brings a retired one back; false when it was so already. `audit` is given whether it changed.
     */
    setHostedStatus(profileId: number, status: 'active' | 'deleted', audit?: InTransaction<boolean>) {
      const from = status === 'active' ? 'deleted' : 'active';
      return db.transaction().execute(async (trx) => {
        const changed = await queries.changeHostedStatus(trx, profileId, from, status);
        if (audit) await audit(trx, changed);
        return changed;
      });
    },

    /** A profile page; `trafficSource` lets visitors in where the site allows that only with one. */
    async viewMember(site: Site, viewer: Viewer, profileId: number, trafficSource?: string): Promise<MemberProfile> {
      const seen = await visibility.viewable(site, viewer, profileId, trafficSource);
      return presentMember(
        seen.row,
        await photoQueries.photosOfProfile(db, seen.row.id),
        viewer,
        seen.blockedByViewer,
        clock.now(),
        {
          shown: seen.privatePhotosShown,
          access: seen.privateAccess,
          mine: seen.myPrivatePhotos,
        },
      );
    },

    /** Where a member's suggestions start: whom their profile says they look for, their age and place. */
    async preferencesOf(viewer: NonNullable<Viewer>) {
      const row = await queries.findProfileById(db, viewer.profileId);
      if (!row) throw new Error(`profile ${viewer.profileId} is missing`);
      const birthDate = parseBirthDate(row.date_of_birth);
      return {
        gender: wantedGender(row.gender, row.sexuality),
        age: birthDate ? ageOn(birthDate, clock.now()) : null,
        country: row.country,
        region: row.region,
      };
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
