/**
 * Hosted profiles in the back office: admins create, change and retire the site's fictional
 * profiles, put up their photos (re-encoded as members' are) and keep their persona sheets;
 * operators see the profiles of the site they work on, read-only, with the conversations waiting.
 */
import {
  ageOn,
  type HostedProfileChange,
  type HostedStatus,
  type NewHostedProfile,
  type Persona,
  type PersonaFacts,
  parseBirthDate,
} from '@amora/common';
import { authorize, permits, staffActor } from '../access/authorize.js';
import type { ChatService } from '../chat/service.js';
import { type AuditLog, auditedAs } from '../identity/staff/audit.js';
import type { StaffMember } from '../identity/staff/member.js';
import { requireRight, requireSignedIn } from '../identity/staff/policy.js';
import type { PhotosService } from '../members/photos/service.js';
import type { MembersService } from '../members/profiles/service.js';
import type { Clock } from '../platform/clock.js';
import type { Db } from '../platform/db/index.js';
import type { PhotoRow, ProfileRow } from '../platform/db/schema.js';
import { DomainError, notFound } from '../platform/errors.js';
import type { Site } from '../platform/site.js';
import type { SitesService } from '../sites/service.js';
import * as claims from './claim-queries.js';
import * as queries from './queries.js';

const PERSONA_FIELDS = ['job', 'town', 'family', 'pets', 'hobbies', 'story'] as const;
const BLANK_PERSONA: PersonaFacts = { job: '', town: '', family: '', pets: '', hobbies: '', story: '' };
/** Hosted profiles listed at once; the name search finds the others. */
const LISTED_AT_MOST = 300;
/** The profile fields an audit row compares. */
const LOGGED_FIELDS = [
  'name',
  'date_of_birth',
  'gender',
  'sexuality',
  'hair_colour',
  'eye_colour',
  'body_type',
  'relationship_status',
  'tattoos',
  'country',
  'region',
  'city',
  'about',
  'interests',
] as const;

const PROFILE_STATUS_OF = { active: 'active', retired: 'deleted' } as const;
const statusOf = (row: ProfileRow): HostedStatus => (row.status === 'active' ? 'active' : 'retired');
const ageOf = (row: ProfileRow, now: Date) => {
  const born = parseBirthDate(row.date_of_birth);
  return born ? ageOn(born, now) : 0;
};

/** What a change of a hosted profile's photo changed, from the photo as it was. */
function photoChanges(
  row: ProfileRow,
  before: PhotoRow,
  input: { main?: true; premium_only?: boolean; private?: boolean },
) {
  const changes: Record<string, [unknown, unknown]> = {};
  if (input.main && row.main_photo_id !== before.id) changes.main_photo = [row.main_photo_id, before.id];
  const wasPremiumOnly = before.premium_only === 1;
  if (input.premium_only !== undefined && input.premium_only !== wasPremiumOnly) {
    changes.premium_only = [wasPremiumOnly, input.premium_only];
  }
  const wasPrivate = before.private === 1;
  if (input.private !== undefined && input.private !== wasPrivate) changes.private = [wasPrivate, input.private];
  return changes;
}

/** Operators see only the site they work on; staff with the right to change profiles see every site. */
function seesAllSites(staff: StaffMember) {
  return permits(staffActor(staff), 'staff:profiles');
}

export function createHostedProfiles(deps: {
  db: Db;
  clock: Clock;
  chat: ChatService;
  members: MembersService;
  photos: PhotosService;
  sites: SitesService;
  log: AuditLog;
  siteNamesOf: (siteIds: number[]) => Promise<Map<number, string>>;
  mediaUrl: (file: string) => string;
}) {
  const { db, clock, chat, members, photos, sites, log } = deps;

  /** Who may look at hosted profiles: operators (the inbox) and those who keep them. */
  function requireViewer(staff: StaffMember | null): StaffMember {
    const viewer = requireSignedIn(staff);
    if (!permits(staffActor(viewer), 'staff:profiles')) authorize(staffActor(viewer), 'staff:inbox');
    return viewer;
  }

  /** A hosted profile the staff member may see: 404 for a member's profile, or another site's for an operator. */
  async function hostedFor(staff: StaffMember, site: Site, profileId: number): Promise<ProfileRow> {
    const row = await members.hostedProfile(profileId);
    if (!row || (!seesAllSites(staff) && row.site_id !== site.id)) throw notFound();
    return row;
  }

  async function siteOf(row: ProfileRow): Promise<Site> {
    const site = await sites.findById(row.site_id);
    if (!site) throw notFound();
    return site;
  }

  /** A hosted profile's persona sheet, blank (version 0) before its first edit. */
  async function personaSheet(profileId: number): Promise<Persona> {
    const row = await queries.personaOf(db, profileId);
    if (!row) return { ...BLANK_PERSONA, version: 0, updated_at: null, updated_by: null };
    return {
      ...BLANK_PERSONA,
      ...(JSON.parse(row.facts) as Partial<PersonaFacts>),
      version: row.version,
      updated_at: row.updated_at,
      updated_by: row.updated_by,
    };
  }

  /**
   * Saves a persona sheet edited from `version`: of two edits from one version, the first is kept
   * and the second refused (persona_changed). The audit row, written with it, holds the facts changed.
   */
  async function savePersona(
    staff: StaffMember,
    input: { profileId: number; version: number; facts: PersonaFacts; conversation?: number },
  ): Promise<Persona> {
    const before = await personaSheet(input.profileId);
    const changes = Object.fromEntries(
      PERSONA_FIELDS.filter((field) => before[field] !== input.facts[field]).map((field) => [
        field,
        [before[field], input.facts[field]] as [unknown, unknown],
      ]),
    );
    await db.transaction().execute(async (trx) => {
      const saved = await queries.savePersona(trx, {
        profileId: input.profileId,
        version: input.version,
        facts: JSON.stringify(input.facts),
        now: clock.now().toISOString(),
        staffId: staff.id,
      });
      if (!saved) throw new DomainError('persona_changed');
      await log(
        staff,
        'persona.edit',
        { conversation: input.conversation, profile: input.profileId, record: `profile:${input.profileId}`, changes },
        trx,
      );
    });
    return personaSheet(input.profileId);
  }

  async function photosOf(row: ProfileRow) {
    const rows = await photos.allOf(row.id);
    const sent = await chat.forOperators.sentPhotoFiles(rows.map((photo) => photo.filename));
    return rows.map((photo) => ({
      id: photo.id,
      url: deps.mediaUrl(photo.filename),
      thumb_url: deps.mediaUrl(photo.thumb_filename),
      main: photo.id === row.main_photo_id,
      premium_only: photo.premium_only === 1,
      private: photo.private === 1,
      sent: sent.has(photo.filename),
    }));
  }

  async function detail(row: ProfileRow) {
    const [photoList, persona, counts, siteNames] = await Promise.all([
      photosOf(row),
      personaSheet(row.id),
      chat.forOperators.conversationCountsOfHosted([row.id]),
      deps.siteNamesOf([row.site_id]),
    ]);
    const count = counts.get(row.id);
    return {
      profile: {
        id: row.id,
        site: { id: row.site_id, name: siteNames.get(row.site_id) ?? '' },
        status: statusOf(row),
        name: row.name,
        date_of_birth: row.date_of_birth,
        age: ageOf(row, clock.now()),
        about: row.about,
        interests: JSON.parse(row.interests) as string[],
        gender: row.gender,
        sexuality: row.sexuality,
        hair_colour: row.hair_colour,
        eye_colour: row.eye_colour,
        body_type: row.body_type,
        relationship_status: row.relationship_status,
        tattoos: row.tattoos,
        country: row.country,
        region: row.region,
        city: row.city,
        conversations: count?.conversations ?? 0,
        waiting: count?.waiting ?? 0,
      },
      photos: photoList,
      persona,
    };
  }

  const changesBetween = (before: ProfileRow, after: ProfileRow) =>
    Object.fromEntries(
      LOGGED_FIELDS.filter((field) => before[field] !== after[field]).map((field) => [
        field,
        [before[field], after[field]] as [unknown, unknown],
      ]),
    );

  return {
    personaSheet,
    savePersona,

    /** Hosted profiles, most conversations waiting first; operators see their own site's only. */
    async hostedProfiles(
      staff: StaffMember | null,
      site: Site,
      filter: { site?: number; q?: string; status?: HostedStatus },
    ) {
      const viewer = requireViewer(staff);
      const siteId = seesAllSites(viewer) ? filter.site : site.id;
      const status = filter.status && PROFILE_STATUS_OF[filter.status];
      const nameStart = filter.q || undefined;
      // The busiest first, however their names sort; then the rest by name.
      const busiest = nameStart ? [] : await chat.forOperators.hostedWithMostWaiting(siteId, LISTED_AT_MOST);
      const [busy, byName] = await Promise.all([
        members.hostedForStaff({ siteId, status, ids: busiest, limit: LISTED_AT_MOST }),
        members.hostedForStaff({ siteId, status, nameStart, limit: LISTED_AT_MOST }),
      ]);
      const busyIds = new Set(busy.map((row) => row.id));
      const rows = [...busy, ...byName.filter((row) => !busyIds.has(row.id))].slice(0, LISTED_AT_MOST);
      const ids = rows.map((row) => row.id);
      const [counts, siteNames, photoRows] = await Promise.all([
        chat.forOperators.conversationCountsOfHosted(ids),
        deps.siteNamesOf(rows.map((row) => row.site_id)),
        photos.allOfProfiles(ids),
      ]);
      const galleries = new Map<number, PhotoRow[]>();
      for (const photo of photoRows)
        galleries.set(photo.profile_id, [...(galleries.get(photo.profile_id) ?? []), photo]);
      const now = clock.now();
      const profiles = rows.map((row) => {
        const gallery = galleries.get(row.id) ?? [];
        const main = gallery.find((photo) => photo.id === row.main_photo_id);
        return {
          id: row.id,
          name: row.name,
          age: ageOf(row, now),
          gender: row.gender,
          city: row.city,
          country: row.country,
          site: { id: row.site_id, name: siteNames.get(row.site_id) ?? '' },
          status: statusOf(row),
          thumb_url: main ? deps.mediaUrl(main.thumb_filename) : null,
          photos: gallery.length,
          conversations: counts.get(row.id)?.conversations ?? 0,
          waiting: counts.get(row.id)?.waiting ?? 0,
        };
      });
      // Stable: profiles waiting alike keep their order, the rest by name.
      profiles.sort((a, b) => b.waiting - a.waiting);
      return { profiles };
    },

    async hostedProfileDetail(staff: StaffMember | null, site: Site, profileId: number) {
      const viewer = requireViewer(staff);
      return detail(await hostedFor(viewer, site, profileId));
    },

    async addHostedProfile(staff: StaffMember | null, input: NewHostedProfile) {
      const admin = requireRight(staff, 'profiles');
      const { site: siteId, ...details } = input;
      const site = await sites.findById(siteId);
      if (!site) throw notFound();
      const audit = auditedAs(log, admin, 'hosted.add', (row: ProfileRow) => ({
        site: site.id,
        profile: row.id,
        record: `profile:${row.id}`,
        changes: Object.fromEntries(LOGGED_FIELDS.map((field) => [field, [null, row[field]]])),
      }));
      return detail(await members.addHostedProfile(site, details, audit));
    },

    async changeHostedProfile(staff: StaffMember | null, site: Site, input: HostedProfileChange) {
      const admin = requireRight(staff, 'profiles');
      const { id, ...change } = input;
      const before = await hostedFor(admin, site, id);
      const audit = auditedAs(log, admin, 'hosted.change', (after: ProfileRow) => {
        const changes = changesBetween(before, after);
        if (Object.keys(changes).length === 0) return null;
        return { site: after.site_id, profile: id, record: `profile:${id}`, changes };
      });
      return detail(await members.changeHostedProfile(await siteOf(before), before, change, audit));
    },

    /** Retires a hosted profile (gone from every list and conversation, as a deleted member) or brings it back. */
    async setHostedStatus(staff: StaffMember | null, site: Site, input: { id: number; status: HostedStatus }) {
      const admin = requireRight(staff, 'profiles');
      const before = await hostedFor(admin, site, input.id);
      const action = input.status === 'retired' ? 'hosted.retire' : 'hosted.restore';
      const audit = auditedAs(log, admin, action, (changed: boolean) =>
        changed
          ? {
              site: before.site_id,
              profile: input.id,
              record: `profile:${input.id}`,
              changes: { status: [statusOf(before), input.status] },
            }
          : null,
      );
      const changed = await members.setHostedStatus(input.id, PROFILE_STATUS_OF[input.status], audit);
      if (changed && input.status === 'retired') {
        await claims.releaseAll(db, await chat.forOperators.stopAwaitingHosted(input.id));
      }
      return detail(await hostedFor(admin, site, input.id));
    },

    async uploadHostedPhoto(staff: StaffMember | null, site: Site, profileId: number, input: Buffer) {
      const admin = requireRight(staff, 'profiles');
      const row = await hostedFor(admin, site, profileId);
      const audit = auditedAs(log, admin, 'hosted.photo.add', (photo: PhotoRow) => ({
        site: row.site_id,
        profile: row.id,
        record: `photo:${photo.id}`,
      }));
      await photos.uploadForHosted(row, input, audit);
      return detail(await hostedFor(admin, site, profileId));
    },

    async changeHostedPhoto(
      staff: StaffMember | null,
      site: Site,
      input: { profile: number; photo: number; main?: true; premium_only?: boolean; private?: boolean },
    ) {
      const admin = requireRight(staff, 'profiles');
      const row = await hostedFor(admin, site, input.profile);
      const audit = auditedAs(log, admin, 'hosted.photo.change', (before: PhotoRow) => {
        const changes = photoChanges(row, before, input);
        if (Object.keys(changes).length === 0) return null;
        return { site: row.site_id, profile: row.id, record: `photo:${before.id}`, changes };
      });
      await photos.changeHostedPhoto(row, input.photo, input, audit);
      return detail(await hostedFor(admin, site, input.profile));
    },

    /** Deletes a hosted profile's photo, unless it was sent in a conversation (the member's history keeps it). */
    async removeHostedPhoto(staff: StaffMember | null, site: Site, input: { profile: number; photo: number }) {
      const admin = requireRight(staff, 'profiles');
      const row = await hostedFor(admin, site, input.profile);
      const photo = (await photos.allOf(row.id)).find((each) => each.id === input.photo);
      if (!photo) throw notFound();
      if ((await chat.forOperators.sentPhotoFiles([photo.filename])).size > 0) throw new DomainError('photo_in_chat');
      const audit = auditedAs(log, admin, 'hosted.photo.remove', () => ({
        site: row.site_id,
        profile: row.id,
        record: `photo:${photo.id}`,
      }));
      await photos.removeFromHosted(row, photo.id, audit);
      return detail(await hostedFor(admin, site, input.profile));
    },

    /** The persona sheet, kept from the profile's page rather than from a conversation. */
    async editHostedPersona(
      staff: StaffMember | null,
      site: Site,
      input: { profile: number; version: number; facts: PersonaFacts },
    ) {
      const admin = requireRight(staff, 'profiles');
      await hostedFor(admin, site, input.profile);
      return {
        persona: await savePersona(admin, { profileId: input.profile, version: input.version, facts: input.facts }),
      };
    },
  };
}
