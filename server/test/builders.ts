/**
 * The API tests' data factories: members (logged in or not, premium), photos, a second site, staff
 * accounts signed in at /staff, and chat messages sent by a member.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Locale, StaffRole } from '@amora/common';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import sharp from 'sharp';
import { expect } from 'vitest';
import { DEMO_SETTINGS } from '../src/demo/seed.js';
import type { Db } from '../src/platform/db/index.js';
import type { UserRow } from '../src/platform/db/schema.js';
import type { Site, StoredSettings } from '../src/platform/site.js';
import type { Services } from '../src/services.js';
import * as siteQueries from '../src/sites/queries.js';
import type { TestApp } from './helpers.js';
import { type ClientOptions, client, multipartFile, type TestClient, withFields } from './test-client.js';

/** A plain photo made by sharp, as a camera would send it: JPEG unless asked otherwise. */
export function testPhoto({
  width = 800,
  height = 600,
  format = 'jpeg',
}: {
  width?: number;
  height?: number;
  format?: 'jpeg' | 'png' | 'webp';
} = {}): Promise<Buffer> {
  // A colour of its own: photos are stored by their content's hash, and tests mean different photos.
  const background = `#${randomBytes(3).toString('hex')}`;
  return sharp({ create: { width, height, channels: 3, background } })
    .toFormat(format)
    .toBuffer();
}

let sequence = 0;
export const uniqueEmail = (label = 'member') =>
  `${label}-${++sequence}-${randomBytes(3).toString('hex')}@example.test`;

/** YYYY-MM-DD of the UTC day `years` before today, shifted by `days`. */
export function birthDate(years: number, days = 0, today = new Date()): string {
  const date = new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate() + days));
  return date.toISOString().slice(0, 10);
}

export interface BuiltMember {
  user: UserRow;
  profileId: number;
  email: string;
  password: string;
  name: string;
}

/** An activated member of the demo site (or of `site`), ready to log in. */
export async function buildMember(
  services: Services,
  overrides: Partial<{
    email: string;
    password: string;
    name: string;
    dateOfBirth: string;
    credits: number;
    /** Messages free of credits; the site's free_messages unless given. */
    freeMessages: number;
    language: Locale;
    site: Site;
  }> = {},
): Promise<BuiltMember> {
  const site = overrides.site ?? (await services.sites.findByDomain('localhost'));
  if (!site) throw new Error('no site for localhost');
  const member = {
    email: overrides.email ?? uniqueEmail(),
    password: overrides.password ?? 'correct horse battery',
    name: overrides.name ?? `Member ${sequence}`,
    dateOfBirth: overrides.dateOfBirth ?? birthDate(30),
    credits: overrides.credits,
    freeMessages: overrides.freeMessages,
    language: overrides.language,
  };
  const user = await services.lifecycle.createReadyMember(site, member);
  return {
    user,
    profileId: await services.members.profileIdOf(user.id),
    email: member.email,
    password: member.password,
    name: member.name,
  };
}

export interface LoggedInMember extends BuiltMember {
  visitor: TestClient;
}

/** A member of `site` (the demo site unless given) and a client logged in as them there. */
export async function loggedInMember(t: TestApp, site?: Site): Promise<LoggedInMember> {
  const member = await buildMember(t.services, { site });
  return { ...member, visitor: await loggedIn(t.app, member, { host: site?.domain }) };
}

/** Adds `count` active photos to a member's profile, the first one main; returns their ids. */
export async function buildPhotos(services: Services, member: BuiltMember, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    ids.push((await services.photos.addPhoto(member.profileId, await testPhoto(), { main: i === 0 })).id);
  }
  return ids;
}

/** Makes a member premium, as their first credit purchase will (and as it does, tells every instance). */
export async function makePremium(t: Pick<TestApp, 'db' | 'services'>, member: BuiltMember): Promise<void> {
  await changeAccount(t, member.user, { paid_user: 1 });
}

/**
 * Changes an account's row as a test's set-up needs, and tells every instance as the services' own
 * changes do (the sessions they keep in memory carry the row).
 */
export async function changeAccount(
  t: Pick<TestApp, 'db' | 'services'>,
  user: Pick<UserRow, 'id' | 'site_id'>,
  changes: Partial<Omit<UserRow, 'id'>>,
): Promise<void> {
  await t.db.updateTable('users').set(changes).where('id', '=', user.id).execute();
  await t.services.events.publish({ type: 'account.changed', siteId: user.site_id, userId: user.id });
}

/** A second site with its own company, reached through `domain`. */
export async function buildSite(
  db: Db,
  overrides: { domain: string; domainLanguage?: string; name?: string; settings?: Partial<StoredSettings> },
): Promise<number> {
  const companyId = await siteQueries.insertCompany(db, {
    name: `${overrides.name ?? 'Other'} B.V.`,
    address: 'Stationsplein 1',
    kvk: '87654321',
    city: 'Utrecht',
    country: 'NL',
    tradenames: JSON.stringify([overrides.name ?? 'Other']),
    vat_numbers: JSON.stringify([]),
    support_phone: '+31 30 000 00 00',
    delete_discount: 30,
    added: '2025-01-01T00:00:00Z',
  });
  const site = {
    name: overrides.name ?? 'Other',
    domain: overrides.domain,
    domain_language: overrides.domainLanguage ?? 'en-GB',
    company_id: companyId,
    settings: JSON.stringify({ ...DEMO_SETTINGS, ...overrides.settings }),
    created_at: new Date().toISOString(),
  };
  return db.transaction().execute((trx) => siteQueries.insertSite(trx, site, []));
}

let staffCount = 0;
export const STAFF_PASSWORD = 'a-long-staff-password';

/** The current code of a TOTP secret at the test clock's time, as the staff member's authenticator app shows it. */
export const totpCode = (t: TestApp, secret: string, at: Date = t.clock.now()) =>
  generate({ secret, epoch: Math.floor(at.getTime() / 1000) });

/**
 * Sets up an authenticator app through a new invitation of the account, as its link's page does:
 * the password, then the app's first code. Answers the app's secret and the recovery codes shown once.
 */
export async function setUpThroughInvitation(t: TestApp, visitor: TestClient, staffId: number) {
  const invitation = await t.services.staff.inviteByCommand(staffId);
  const started = await visitor.post('/api/staff/invitation.php', { invitation, password: STAFF_PASSWORD });
  expect(started.statusCode, started.body).toBe(200);
  const { secret } = started.json() as { secret: string };
  const confirmed = await visitor.post('/api/staff/two-step.php', { code: await totpCode(t, secret), invitation });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret, recoveryCodes: (confirmed.json() as { recovery_codes: string[] }).recovery_codes };
}

/**
 * A new staff account of `role`, signed in at /staff: with the password alone where the site lets
 * the role, else through an invitation that sets up an authenticator app (`secret`, null without).
 */
export async function staffClient(
  t: TestApp,
  role: StaffRole,
): Promise<TestClient & { email: string; secret: string | null }> {
  const email = `${role}-${++staffCount}-${randomUUID().slice(0, 6)}@amora.test`;
  const name = `${role[0]?.toUpperCase()}${role.slice(1)} ${staffCount}`;
  const { id } = await t.services.staff.addStaff({ email, name, password: STAFF_PASSWORD, role });
  const visitor = client(t.app);
  const response = await visitor.post('/api/staff/login.php', { email, password: STAFF_PASSWORD });
  if (response.statusCode === 200) return Object.assign(visitor, { email, secret: null });
  expect(response.json(), response.body).toMatchObject({ error: 'two_step_setup_required' });
  const { secret } = await setUpThroughInvitation(t, visitor, id);
  return Object.assign(visitor, { email, secret });
}

/** A client logged in as `member`. */
export async function loggedIn(
  app: FastifyInstance,
  member: BuiltMember,
  options: ClientOptions = {},
): Promise<TestClient> {
  const visitor = client(app, options);
  const response = await visitor.post('/api/user.php', { email: member.email, password: member.password });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return visitor;
}

export const signupBody = (overrides: Record<string, unknown> = {}) => ({
  email: uniqueEmail('signup'),
  name: 'Sanne',
  password: 'a-good-password',
  date_of_birth: birthDate(25),
  ...overrides,
});

/** Sends a text from a signed-in member to a profile; the conversation and the message as answered. */
export async function sendChatText(from: TestClient, toProfileId: number, text: string) {
  const response = await from.post('/api/chat.php', { client_id: randomUUID(), profile_id: toProfileId, text });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { conversation: number; message: { id: number } };
}

/** Sends a photo from a signed-in member into a conversation; the message as answered. */
export async function sendChatPhoto(from: TestClient, conversation: number) {
  const upload = multipartFile(await testPhoto());
  const fields = { client_id: randomUUID(), conversation: String(conversation) };
  const response = await from.post('/api/chat.php', withFields(upload, fields), { headers: upload.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().message as { id: number };
}
