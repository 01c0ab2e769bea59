/**
 * The operators' inbox: members' conversations with hosted profiles that wait for an answer,
 * claimed by one operator at a time (at most their capacity at once, none while away), and
 * answered by that operator as the hosted profile. Nothing is sent without an operator writing it.
 * The chat stores and delivers the messages; the claims are this desk's own.
 */
import { randomUUID } from 'node:crypto';
import type { OperatorPrivatePhotoAction, Persona, PersonaFacts } from '@amora/common';
import type { HostedSides } from '../chat/operator-chat.js';
import type { ChatService } from '../chat/service.js';
import type { AccountsService } from '../identity/accounts/service.js';
import { type AuditLog, auditedAs } from '../identity/staff/audit.js';
import type { StaffMember } from '../identity/staff/member.js';
import type { StaffService } from '../identity/staff/service.js';
import type { MembersService } from '../members/profiles/service.js';
import { addMinutes, type Clock } from '../platform/clock.js';
import type { Db } from '../platform/db/index.js';
import type { MessageRow } from '../platform/db/schema.js';
import { DomainError, notFound } from '../platform/errors.js';
import type { Site } from '../platform/site.js';
import { timeZoneOf } from '../sites/defaults.js';
import * as claims from './claim-queries.js';
import * as queries from './queries.js';

/** How long an operator's claim on a conversation lasts without activity. */
export const CLAIM_MINUTES = 5;
/** Conversations the inbox shows at most; messages an operator sees of one. */
const INBOX_SIZE = 200;
const OPERATOR_HISTORY = 200;

/** The hosted profile as the viewer: it sees the member as any member would, and its own gallery whole. */
const asHosted = (profileId: number) => ({ profileId, paid: true });

export function createInbox(deps: {
  db: Db;
  clock: Clock;
  chat: ChatService;
  members: MembersService;
  accounts: AccountsService;
  log: AuditLog;
  staffAccounts: StaffService;
  personaSheet: (profileId: number) => Promise<Persona>;
  savePersona: (
    staff: StaffMember,
    input: { profileId: number; version: number; facts: PersonaFacts; conversation?: number },
  ) => Promise<Persona>;
  /** Where operators fetch a chat photo: the staff media path, which checks who holds the conversation. */
  mediaPrefix: string;
}) {
  const { db, clock, chat, members, accounts, log, personaSheet, savePersona, mediaPrefix } = deps;
  const nowIso = () => clock.now().toISOString();

  /** The conversation's two sides while this operator's claim holds (each look renews it); refused otherwise. */
  async function heldBy(site: Site, conversationId: number, staffId: number): Promise<HostedSides> {
    const sides = await chat.forOperators.sides(site, conversationId);
    const now = clock.now();
    const until = addMinutes(now, CLAIM_MINUTES).toISOString();
    if (!(await claims.renewClaim(db, sides.conversation, staffId, now.toISOString(), until))) {
      throw new DomainError('claim_required');
    }
    return sides;
  }

  /** A held conversation as its operator sees it (see conversation below). */
  async function held(site: Site, sides: HostedSides) {
    const [messages, member, hosted, notes, persona] = await Promise.all([
      chat.forOperators.history(sides, OPERATOR_HISTORY, mediaPrefix),
      members.viewMember(site, asHosted(sides.hostedProfileId), sides.memberProfileId),
      members.viewMember(site, asHosted(sides.hostedProfileId), sides.hostedProfileId),
      queries.notesOn(db, sides.memberProfileId),
      personaSheet(sides.hostedProfileId),
    ]);
    return { conversation: sides.conversation, awaiting: sides.awaiting, messages, member, persona, hosted, notes };
  }

  return {
    /**
     * Conversations waiting for an answer, longest waiting first: both sides' names, the member's
     * language, country and time zone (to answer as a local would), and who holds each.
     */
    async inbox(site: Site, staff: StaffMember) {
      const waiting = await chat.forOperators.awaitingHostedAnswer(site, INBOX_SIZE);
      const profileIds = [...new Set(waiting.flatMap((entry) => [entry.hostedProfileId, entry.memberProfileId]))];
      const [people, holderOf] = await Promise.all([
        members.namesOf(profileIds).then((rows) => new Map(rows.map((row) => [row.id, row]))),
        claims.holders(
          db,
          waiting.map((entry) => entry.conversation),
          nowIso(),
        ),
      ]);
      const [languages, holderNames] = await Promise.all([
        accounts.languagesOf(
          [...people.values()].flatMap((person) => (person.user_id === null ? [] : [person.user_id])),
        ),
        deps.staffAccounts
          .names([...new Set(holderOf.values())])
          .then((rows) => new Map(rows.map((row) => [row.id, row.name]))),
      ]);
      const conversations = waiting.map((entry) => {
        const member = people.get(entry.memberProfileId);
        const country = member?.country ?? null;
        const holder = holderOf.get(entry.conversation) ?? null;
        return {
          conversation: entry.conversation,
          hosted: { id: entry.hostedProfileId, name: people.get(entry.hostedProfileId)?.name ?? '' },
          member: {
            id: entry.memberProfileId,
            name: member?.name ?? '',
            language: (member?.user_id && languages.get(member.user_id)) || ('en' as const),
            country,
            time_zone: timeZoneOf(country, site),
          },
          waiting_since: entry.waitingSince,
          last_message: entry.lastMessage,
          claimed_by: holder === null ? null : (holderNames.get(holder) ?? ''),
          claimed_by_me: holder === staff.id,
        };
      });
      return { conversations, refreshed_at: nowIso() };
    },

    /** Claims a conversation: for an operator who is available and holds fewer than their capacity. */
    async claim(site: Site, staff: StaffMember, conversationId: number) {
      if (staff.away) throw new DomainError('staff_away');
      const { conversation } = await chat.forOperators.sides(site, conversationId);
      const now = clock.now();
      const until = addMinutes(now, CLAIM_MINUTES).toISOString();
      await db.transaction().execute(async (trx) => {
        await claims.lockClaimsOf(trx, staff.id);
        if ((await claims.liveClaimsOf(trx, staff.id, now.toISOString(), conversation)) >= staff.capacity) {
          throw new DomainError('claim_capacity', { capacity: staff.capacity });
        }
        if (!(await claims.claim(trx, conversation, staff.id, now.toISOString(), until))) {
          throw new DomainError('claim_taken');
        }
        await log(staff, 'claim', { conversation }, trx);
      });
      return { conversation, claim_expires_at: until };
    },

    async release(site: Site, staff: StaffMember, conversationId: number) {
      const { conversation } = await chat.forOperators.sides(site, conversationId);
      await db.transaction().execute(async (trx) => {
        await claims.release(trx, conversation, staff.id);
        await log(staff, 'release', { conversation }, trx);
      });
    },

    /** The claimed conversation: its history, the member's public profile, the hosted profile with its gallery, notes. */
    async conversation(site: Site, staff: StaffMember, conversationId: number) {
      return held(site, await heldBy(site, conversationId, staff.id));
    },

    /** Answers as the hosted profile: a text, or a photo of its own gallery (404 for any other). The claim is renewed once. */
    async answer(
      site: Site,
      staff: StaffMember,
      input: { conversation: number; client_id?: string; text?: string; photo_id?: number },
    ) {
      const sides = await heldBy(site, input.conversation, staff.id);
      let galleryPhoto: { filename: string; width: number; height: number } | undefined;
      if (input.photo_id !== undefined) {
        const gallery = await members.viewMember(site, asHosted(sides.hostedProfileId), sides.hostedProfileId);
        const chosen = gallery.photos.find((each) => each.id === input.photo_id);
        if (!chosen) throw notFound();
        galleryPhoto = { filename: chosen.filename, width: chosen.width, height: chosen.height };
      }
      const audit = auditedAs(log, staff, 'answer', (row: MessageRow) => ({
        conversation: sides.conversation,
        message: row.id,
      }));
      const answered = await chat.forOperators.sendAs(
        site,
        sides,
        { staffId: staff.id, clientId: input.client_id ?? randomUUID(), text: input.text, galleryPhoto, mediaPrefix },
        audit,
      );
      return { message: answered.message };
    },

    /**
     * Grants, declines or revokes the hosted profile's private photos to the member of a conversation
     * the operator holds: a line in the chat as for a member's own answer. The claim is renewed once.
     */
    async privatePhotos(
      site: Site,
      staff: StaffMember,
      input: { conversation: number; action: OperatorPrivatePhotoAction },
    ) {
      const sides = await heldBy(site, input.conversation, staff.id);
      const audit = auditedAs(log, staff, `private_photos.${input.action}`, () => ({
        conversation: sides.conversation,
        profile: sides.memberProfileId,
      }));
      await chat.forOperators.privatePhotosAs(site, sides, staff.id, input.action, audit);
      return held(site, sides);
    },

    /**
     * Edits the persona sheet of the hosted profile of a conversation the operator holds. Of two
     * edits from one version, the first is kept and the second refused (persona_changed).
     */
    async editPersona(
      site: Site,
      staff: StaffMember,
      input: { conversation: number; version: number; facts: PersonaFacts },
    ) {
      const { hostedProfileId } = await heldBy(site, input.conversation, staff.id);
      return { persona: await savePersona(staff, { ...input, profileId: hostedProfileId }) };
    },

    async addNote(site: Site, staff: StaffMember, conversationId: number, text: string) {
      const { memberProfileId } = await heldBy(site, conversationId, staff.id);
      await db.transaction().execute(async (trx) => {
        await queries.insertNote(trx, { profileId: memberProfileId, staffId: staff.id, text, now: nowIso() });
        await log(staff, 'note', { conversation: conversationId, profile: memberProfileId }, trx);
      });
      return { notes: await queries.notesOn(db, memberProfileId) };
    },

    /** A chat photo's object, for the operator who holds its conversation now; a 404 for anyone else. */
    async chatPhotoObject(site: Site, staff: StaffMember, file: string) {
      const message = await chat.photoMessage(site, file);
      if (!(await claims.holds(db, message.conversation, staff.id, nowIso()))) throw notFound();
      return chat.storedPhoto(message);
    },
  };
}
