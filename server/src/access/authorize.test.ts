/** Each action of authorize: who may, and the exact refusal of who may not. */
import { STAFF_RIGHTS, type StaffRole, staffMay } from '@amora/common';
import { describe, expect, it } from 'vitest';
import type { StaffMember } from '../identity/staff/member.js';
import { DomainError } from '../platform/errors.js';
import { accountActor, authorize, memberActor, permits, staffActor, viewerActor } from './authorize.js';

const me = memberActor({ userId: 1, profileId: 10, confirmed: true });
const other = memberActor({ userId: 2, profileId: 20, confirmed: true });
const unconfirmed = memberActor({ userId: 1, profileId: 10, confirmed: false });
const visitor = viewerActor(null);
const staffOf = (role: StaffRole): StaffMember => ({
  id: 7,
  name: role,
  email: `${role}@example.com`,
  role,
  two_step: false,
  capacity: 5,
  away: false,
  language: 'en',
});

/** The refusal's code (and nothing else), or null when allowed. */
function codeOf(run: () => void): string | null {
  try {
    run();
    return null;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return error.code;
  }
}

describe('conversations', () => {
  const sides = [10, 30] as const;

  it('lets either side read, and refuses anyone else as a missing conversation', () => {
    expect(codeOf(() => authorize(me, 'conversation.read', { sides }))).toBeNull();
    expect(codeOf(() => authorize(viewerActor({ profileId: 30 }), 'conversation.read', { sides }))).toBeNull();
    expect(codeOf(() => authorize(other, 'conversation.read', { sides }))).toBe('not_found');
    expect(codeOf(() => authorize(visitor, 'conversation.read', { sides }))).toBe('not_found');
    expect(codeOf(() => authorize(staffActor(staffOf('admin')), 'conversation.read', { sides }))).toBe('not_found');
    expect(codeOf(() => authorize(accountActor(1), 'conversation.read', { sides }))).toBe('not_found');
  });

  it('lets a confirmed side write, a first line included; an unconfirmed member is asked to activate first', () => {
    expect(codeOf(() => authorize(me, 'conversation.write', { sides }))).toBeNull();
    expect(codeOf(() => authorize(me, 'conversation.write', { sides: null }))).toBeNull();
    expect(codeOf(() => authorize(other, 'conversation.write', { sides }))).toBe('not_found');
    expect(codeOf(() => authorize(unconfirmed, 'conversation.write', { sides }))).toBe('activation_required');
    expect(codeOf(() => authorize(unconfirmed, 'conversation.write', { sides: [20, 30] }))).toBe('activation_required');
    expect(codeOf(() => authorize(visitor, 'conversation.write', { sides: null }))).toBe('authentication_required');
  });
});

describe("a member's own things", () => {
  it('payments: the owner only; another member gets 404 not_found', () => {
    expect(codeOf(() => authorize(me, 'payment.read', { ownerUserId: 1 }))).toBeNull();
    expect(codeOf(() => authorize(accountActor(1), 'payment.read', { ownerUserId: 1 }))).toBeNull();
    expect(codeOf(() => authorize(other, 'payment.read', { ownerUserId: 1 }))).toBe('not_found');
    expect(codeOf(() => authorize(visitor, 'payment.read', { ownerUserId: 1 }))).toBe('not_found');
  });

  it('discount codes: everyone’s or the member’s own; another’s is discount_not_found', () => {
    expect(codeOf(() => authorize(me, 'discount.use', { ownerUserId: null }))).toBeNull();
    expect(codeOf(() => authorize(me, 'discount.use', { ownerUserId: 1 }))).toBeNull();
    expect(codeOf(() => authorize(other, 'discount.use', { ownerUserId: 1 }))).toBe('discount_not_found');
  });

  it('exports: the owner only; another member gets 404 not_found', () => {
    expect(codeOf(() => authorize(accountActor(1), 'export.download', { ownerUserId: 1 }))).toBeNull();
    expect(codeOf(() => authorize(accountActor(2), 'export.download', { ownerUserId: 1 }))).toBe('not_found');
    expect(codeOf(() => authorize(viewerActor({ profileId: 10 }), 'export.download', { ownerUserId: 1 }))).toBe(
      'not_found',
    );
  });

  it('passkeys: a member confirms with their own only', () => {
    expect(permits(accountActor(1), 'passkey.use', { ownerUserId: 1 })).toBe(true);
    expect(codeOf(() => authorize(accountActor(2), 'passkey.use', { ownerUserId: 1 }))).toBe('passkey_refused');
  });
});

describe('photos', () => {
  const photo = { ownerProfileId: 10, visible: true, shown: false };

  it('shows the owner every photo but a rejected one', () => {
    expect(permits(me, 'photo.view', { ...photo, status: 'pending' })).toBe(true);
    expect(permits(me, 'photo.view', { ...photo, status: 'active' })).toBe(true);
    expect(codeOf(() => authorize(me, 'photo.view', { ...photo, status: 'rejected' }))).toBe('not_found');
  });

  it('shows others an active photo the profile page shows them, and nothing else', () => {
    expect(permits(other, 'photo.view', { ...photo, status: 'active', shown: true })).toBe(true);
    expect(permits(visitor, 'photo.view', { ...photo, status: 'active', shown: true })).toBe(true);
    expect(codeOf(() => authorize(other, 'photo.view', { ...photo, status: 'active' }))).toBe('not_found');
    expect(codeOf(() => authorize(other, 'photo.view', { ...photo, status: 'pending', shown: true }))).toBe(
      'not_found',
    );
    expect(permits(other, 'photo.view', { ...photo, status: 'active', visible: false, shown: true })).toBe(false);
  });

  it('shows private photos to their owner and to a member granted them, never to a visitor', () => {
    expect(permits(me, 'privatePhotos.view', { ownerProfileId: 10, granted: false })).toBe(true);
    expect(permits(other, 'privatePhotos.view', { ownerProfileId: 10, granted: true })).toBe(true);
    expect(permits(other, 'privatePhotos.view', { ownerProfileId: 10, granted: false })).toBe(false);
    expect(permits(visitor, 'privatePhotos.view', { ownerProfileId: 10, granted: true })).toBe(false);
  });
});

describe('staff rights', () => {
  it('gives each role the rights of common/src/staff-rights.ts, and refuses the others with forbidden', () => {
    for (const role of ['operator', 'moderator', 'admin'] as const) {
      for (const right of STAFF_RIGHTS) {
        const code = codeOf(() => authorize(staffActor(staffOf(role)), `staff:${right}`));
        expect(code, `${role} ${right}`).toBe(staffMay(role, right) ? null : 'forbidden');
      }
    }
  });

  it('asks anyone without a staff session to sign in as staff', () => {
    expect(codeOf(() => authorize(staffActor(null), 'staff:inbox'))).toBe('staff_login_required');
    expect(codeOf(() => authorize(me, 'staff:money'))).toBe('staff_login_required');
    expect(codeOf(() => authorize(staffActor(null), 'staff:signed-in'))).toBe('staff_login_required');
    expect(codeOf(() => authorize(staffActor(staffOf('operator')), 'staff:signed-in'))).toBeNull();
  });
});
