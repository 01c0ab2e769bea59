/**
 * Who may do what: `authorize(actor, action, subject)` for members, staff and visitors alike. It is
 * pure: the caller loads the facts the rule needs (an owner's id, a conversation's two sides, a
 * photo's state) and authorize throws the refusal that call has always answered, each with its code.
 *
 * The visibility rule (members/safety/rule.ts) stays in SQL with the members' tables; where it
 * matters, its verdict comes in as a fact (`visible`, `granted`). Checks written into a query's WHERE,
 * which selects only the actor's own rows, stay there:
 * - chat: `queries.messagesOfMemberAfter`, `conversationsOfMember`, `list-queries.listConversations` (the member's own);
 * - money: the member's payments by client id (`findByClientId`), repeat orders (`paidOf`), saved cards;
 * - exports: `latestExportOf`; members: the photos of the member's own profile (`findPhoto`, `photosOfProfile`
 *   in photos/service.ts `removeFrom`, `update`) and `requireOwnRow`;
 * - identity: sessions (`memberSessionsOf`, `staffSessionsOf`, `deleteSessionOf`, each of its kind: a
 *   member's id is shown hashed, so it is found among the member's own), passkeys (`renamePasskey`, `deletePasskey`); a passkey challenge names the
 *   member it was given to and is matched to the answer's (passkeys/service.ts `takeChallenge`);
 * - operators: the claim on a conversation (`claims.holds`).
 */
import { type ErrorCode, type StaffRight, staffMay } from '@amora/common';
import type { Member } from '../identity/member.js';
import type { StaffMember } from '../identity/staff/member.js';
import type { PhotoRow } from '../platform/db/schema.js';
import { DomainError } from '../platform/errors.js';

/**
 * Who acts. A member as far as the caller knows them (a service given only the account has no
 * profile id): an action needing what the actor lacks is refused.
 */
type Actor =
  | ({ kind: 'member' } & Partial<Pick<Member, 'userId' | 'profileId' | 'confirmed'>>)
  | { kind: 'staff'; staff: StaffMember }
  | { kind: 'visitor' };

/** A conversation's two profiles. */
type Sides = readonly [number, number];

/** What each member action needs to know of its subject. */
interface Subjects {
  /** Read a conversation, its photos, hide it for oneself or type in it: one of its two sides. */
  'conversation.read': { sides: Sides };
  /** Write in a conversation (null: the first line, to a profile the visibility rule lets one contact). */
  'conversation.write': { sides: Sides | null };
  'payment.read': { ownerUserId: number };
  /** Use a discount code at the checkout: a code for everyone (null), or the member's own. */
  'discount.use': { ownerUserId: number | null };
  'export.download': { ownerUserId: number };
  /** Confirm a change with a passkey: the member's own. */
  'passkey.use': { ownerUserId: number };
  /**
   * Fetch a photo file: `visible`, the visibility rule lets the actor see its profile; `shown`, the
   * profile page shows them the photo (its private and premium state).
   */
  'photo.view': { ownerProfileId: number; status: PhotoRow['status']; visible: boolean; shown: boolean };
  /** See a profile's private photos; `granted`: a grant neither side's block undoes. */
  'privatePhotos.view': { ownerProfileId: number; granted: boolean };
}

/** A staff call: a right of common/src/staff-rights.ts, or `signed-in` for any staff member. */
type StaffAction = `staff:${StaffRight | 'signed-in'}`;

type Action = keyof Subjects | StaffAction;

type SubjectOf<A extends Action> = A extends keyof Subjects ? [subject: Subjects[A]] : [];

export const memberActor = (member: Pick<Member, 'userId' | 'profileId' | 'confirmed'>): Actor => ({
  kind: 'member',
  userId: member.userId,
  profileId: member.profileId,
  confirmed: member.confirmed,
});

/** A member known by their account only. */
export const accountActor = (userId: number): Actor => ({ kind: 'member', userId });

/** Whoever looks at profiles: a member's profile, or a visitor. */
export const viewerActor = (viewer: { profileId: number } | null | undefined): Actor =>
  viewer ? { kind: 'member', profileId: viewer.profileId } : { kind: 'visitor' };

/** The staff member of a staff session, or a visitor without one. */
export const staffActor = (staff: StaffMember | null): Actor =>
  staff ? { kind: 'staff', staff } : { kind: 'visitor' };

const profileOf = (actor: Actor) => (actor.kind === 'member' ? actor.profileId : undefined);
const userOf = (actor: Actor) => (actor.kind === 'member' ? actor.userId : undefined);
const isSide = (actor: Actor, sides: Sides) => {
  const profileId = profileOf(actor);
  return profileId !== undefined && sides.includes(profileId);
};
const owns = (actor: Actor, ownerUserId: number | null) => {
  const userId = userOf(actor);
  return userId !== undefined && userId === ownerUserId;
};

/**
 * The rules answer with the refusal's code, never an error: `permits` asks on every card and photo
 * a page shows, and an Error's stack costs more than the rule itself.
 */
type Refusal = ErrorCode | null;

function staffRefusal(actor: Actor, action: StaffAction): Refusal {
  if (actor.kind !== 'staff') return 'staff_login_required';
  const right = action.slice('staff:'.length) as StaffRight | 'signed-in';
  if (right !== 'signed-in' && !staffMay(actor.staff.role, right)) return 'forbidden';
  return null;
}

function photoRefusal(actor: Actor, photo: Subjects['photo.view']): Refusal {
  if (photo.status === 'rejected' || !photo.visible) return 'not_found';
  if (profileOf(actor) === photo.ownerProfileId) return null;
  return photo.status === 'active' && photo.shown ? null : 'not_found';
}

const refusals: { [A in keyof Subjects]: (actor: Actor, subject: Subjects[A]) => Refusal } = {
  'conversation.read': (actor, { sides }) => (isSide(actor, sides) ? null : 'not_found'),
  'conversation.write': (actor, { sides }) => {
    if (actor.kind !== 'member') return 'authentication_required';
    if (!actor.confirmed) return 'activation_required';
    return sides === null || isSide(actor, sides) ? null : 'not_found';
  },
  // Another member's payment is as unknown as one that does not exist.
  'payment.read': (actor, { ownerUserId }) => (owns(actor, ownerUserId) ? null : 'not_found'),
  'discount.use': (actor, { ownerUserId }) =>
    ownerUserId === null || owns(actor, ownerUserId) ? null : 'discount_not_found',
  'export.download': (actor, { ownerUserId }) => (owns(actor, ownerUserId) ? null : 'not_found'),
  'passkey.use': (actor, { ownerUserId }) => (owns(actor, ownerUserId) ? null : 'passkey_refused'),
  'photo.view': photoRefusal,
  'privatePhotos.view': (actor, { ownerProfileId, granted }) =>
    profileOf(actor) === ownerProfileId || (granted && actor.kind === 'member') ? null : 'not_found',
};

/** Why the actor may not do it, or null when they may. */
function refusalOf<A extends Action>(actor: Actor, action: A, subject: SubjectOf<A>): Refusal {
  if (action.startsWith('staff:')) return staffRefusal(actor, action as StaffAction);
  const refuse = refusals[action as keyof Subjects] as (actor: Actor, subject: unknown) => Refusal;
  return refuse(actor, subject[0]);
}

/** Throws the action's refusal (a DomainError) unless the actor may do it. */
export function authorize<A extends Action>(actor: Actor, action: A, ...subject: SubjectOf<A>): void {
  const refusal = refusalOf(actor, action, subject);
  if (refusal) throw new DomainError(refusal);
}

/** Whether the actor may do it: for a call that offers or hides rather than refuses. */
export function permits<A extends Action>(actor: Actor, action: A, ...subject: SubjectOf<A>): boolean {
  return refusalOf(actor, action, subject) === null;
}
