import { SESSION_COOKIE } from '@amora/common';
import { describe, expect, it } from 'vitest';
import { buyingKit } from './buying.js';
import { type BuiltMember, buildMember, client, loggedIn, staffClient, type TestClient } from './helpers.js';
import { useTwoInstances } from './two-instances.js';

const instances = useTwoInstances();

/** The same browser (its session cookie) asking instance B. */
function onB(browser: TestClient): TestClient {
  return client(instances.b.app, { cookies: { [SESSION_COOKIE]: browser.cookie(SESSION_COOKIE) ?? '' } });
}

async function userOf(browser: TestClient) {
  const response = await browser.get('/api/user.php');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().user as { id: number; paid_user: boolean; language: string } | null;
}

/** A member signed in on A, with their session read on both instances (kept in each one's memory). */
async function signedInOnBoth(member?: BuiltMember) {
  const built = member ?? (await buildMember(instances.a.services));
  const onA = await loggedIn(instances.a.app, built);
  const browserOnB = onB(onA);
  expect((await userOf(onA))?.id).toBe(built.user.id);
  expect((await userOf(browserOnB))?.id).toBe(built.user.id);
  return { member: built, onA, onB: browserOnB };
}

describe('sessions kept in the memory of two instances', () => {
  it('serves a signed-in member from either instance', async () => {
    const { member, onB } = await signedInOnBoth();
    for (let i = 0; i < 3; i++) expect((await userOf(onB))?.id).toBe(member.user.id);
  });

  it('answers as signed out on both instances right after a logout on A', async () => {
    const { onA, onB } = await signedInOnBoth();
    const stale = client(instances.a.app, { cookies: { [SESSION_COOKIE]: onA.cookie(SESSION_COOKIE) ?? '' } });
    expect((await onA.get('/api/logout.php')).statusCode).toBe(200);
    expect(await userOf(onB)).toBeNull();
    expect(await userOf(stale)).toBeNull();
    expect((await onB.get('/api/sessions.php')).json()).toMatchObject({ error: 'authentication_required' });
  });

  it('signs the other sessions out on B right after a password change on A, and keeps this one', async () => {
    const { member, onA } = await signedInOnBoth();
    const phone = await signedInOnBoth(member);
    const changed = await onA.post('/api/password.php', {
      old_password: member.password,
      password: 'a brand new secret',
      password_repeat: 'a brand new secret',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await userOf(phone.onB)).toBeNull();
    expect(await userOf(phone.onA)).toBeNull();
    expect((await userOf(onB(onA)))?.id).toBe(member.user.id);
  });

  it('signs a session out on B right after it is ended from another device on A', async () => {
    const { member, onA } = await signedInOnBoth();
    const laptop = await signedInOnBoth(member);
    const sessions = (await onA.get('/api/sessions.php')).json().sessions as { id: string; current: boolean }[];
    const other = sessions.find((session) => !session.current);
    expect((await onA.delete('/api/session.php', { id: other?.id })).statusCode).toBe(200);
    expect(await userOf(laptop.onB)).toBeNull();
    expect((await userOf(onB(onA)))?.id).toBe(member.user.id);
  });

  it('shows the member premium on B right after their first purchase is paid through A', async () => {
    const kit = buyingKit(instances.a);
    const buyer = await kit.buyer();
    const browserOnB = onB(buyer.visitor);
    expect((await userOf(browserOnB))?.paid_user).toBe(false);
    const { transaction, checkoutId } = await kit.started(buyer, { bundle_id: (await kit.bundleOf(buyer, 50)).id });
    await kit.decide(checkoutId, 'paid');
    expect((await kit.webhook(await kit.providerIdOf(transaction.id))).statusCode).toBe(200);
    expect((await userOf(browserOnB))?.paid_user).toBe(true);
  });

  it('signs a member out on B right after staff suspend them through A', async () => {
    const { member, onB: browserOnB } = await signedInOnBoth();
    const moderator = await staffClient(instances.a, 'moderator');
    const suspended = await moderator.post('/api/staff/member-action.php', {
      member: member.profileId,
      action: 'suspend',
      reason: 'fake',
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(await userOf(browserOnB)).toBeNull();
  });

  it("shows the member's new language on B right after they chose it on A", async () => {
    const { onA, onB: browserOnB } = await signedInOnBoth();
    expect((await onA.put('/api/user.php', { language: 'fi' })).statusCode).toBe(200);
    expect((await userOf(browserOnB))?.language).toBe('fi');
  });
});
