/**
 * Migrations that move what is stored into new tables: run again over a database that has lived,
 * they must hold exactly what the app now writes itself (claims, contacts, answered waits).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/platform/db/index.js';
import {
  buildMember,
  client,
  loggedIn,
  makePremium,
  STAFF_PASSWORD,
  staffClient,
  totpCode,
  useTestApp,
} from './helpers.js';
import { undoFacesInSearch } from './undo-faces-in-search.js';

const t = useTestApp();

/** The migrations of issue 34 that fill their tables from the rows there are. */
const FILLING = ['1765000000000-OperatorClaims', '1765050000000-Contacts', '1765100000000-AnswerWaits'];
const LATER = [
  '1765160000000-OfficialRegions',
  '1765170000000-PohjoisSavo',
  '1765180000000-SessionDevices',
  '1765190000000-DataExports',
  '1765200000000-Passkeys',
  '1765210000000-PrivatePhotos',
  '1765220000000-KnownDevices',
  '1765230000000-DeploymentKeys',
];

/** The database as it was before those migrations: their tables gone, the claim in its old columns. */
async function undoFillingMigrations() {
  const claims = await t.db.selectFrom('operator_claims').selectAll().execute();
  for (const table of ['answer_waits', 'contacts', 'operator_claims'])
    await sql`drop table ${sql.table(table)}`.execute(t.db);
  await sql`alter table conversations add column claimed_by integer`.execute(t.db);
  await sql`alter table conversations add column claim_expires_at text`.execute(t.db);
  for (const claim of claims) {
    await sql`update conversations set claimed_by = ${claim.staff_id}, claim_expires_at = ${claim.expires_at}
      where id = ${claim.conversation_id}`.execute(t.db);
  }
  await sql`delete from kysely_migration where name in (${sql.join(FILLING)})`.execute(t.db);
  await undoMarketingConsents();
}

/**
 * The migrations after those (they must come later in order): the consents' table gone; the
 * regions' moves run again and find nothing left to move.
 */
async function undoMarketingConsents() {
  await sql`drop table marketing_consents`.execute(t.db);
  await sql`delete from kysely_migration where name = '1765150000000-MarketingConsents'`.execute(t.db);
  await undoLaterMigrations();
}

/** The later migrations run again: the regions' moves find nothing left to move, the sessions' columns, the exports', the passkeys' and the keys' tables go first. */
async function undoLaterMigrations() {
  await undoOneSessionStore();
  await sql`drop table data_exports`.execute(t.db);
  for (const table of ['passkey_challenges', 'passkeys']) await sql`drop table ${sql.table(table)}`.execute(t.db);
  await sql`drop table known_devices`.execute(t.db);
  await sql`drop table deployment_keys`.execute(t.db);
  await sql`drop index sessions_end_token`.execute(t.db);
  for (const column of ['user_agent', 'country', 'last_seen_at', 'end_token_hash'])
    await sql`alter table sessions drop column ${sql.ref(column)}`.execute(t.db);
  await sql`drop table private_photo_access`.execute(t.db);
  await sql`alter table photos drop column private`.execute(t.db);
  await sql`delete from kysely_migration where name in (${sql.join(LATER)})`.execute(t.db);
}

/** Profiles without the test accounts' mark and the members' index of search. */
async function undoHonestShowcase() {
  await undoFacesInSearch(t.db, t.database.engine);
  for (const index of ['profiles_search_members', 'profiles_test_accounts'])
    await sql`drop index ${sql.ref(index)}`.execute(t.db);
  await sql`alter table profiles drop column test_account`.execute(t.db);
  await sql`delete from kysely_migration where name = '1765280000000-HonestShowcase'`.execute(t.db);
}

/** Search totals without their index for a region's ages (the listing version it dropped stays gone). */
async function undoSearchTotalsBounded() {
  await undoHonestShowcase();
  await sql`drop index profiles_search_region`.execute(t.db);
  await sql`delete from kysely_migration where name = '1765275000000-SearchTotalsBounded'`.execute(t.db);
}

/** The likes lists without the indexes of their pages. */
async function undoLikesPaged() {
  await undoSearchTotalsBounded();
  for (const index of ['likes_given_newest', 'likes_received_newest', 'likes_received_new'])
    await sql`drop index ${sql.ref(index)}`.execute(t.db);
  await sql`delete from kysely_migration where name = '1765270000000-LikesPaged'`.execute(t.db);
}

/** Failed sign-ins counted for members alone, per site. */
async function undoStaffLoginFailures() {
  await undoLikesPaged();
  await sql`alter table login_failures rename to login_failures_of_kind`.execute(t.db);
  await t.db.schema
    .createTable('login_failures')
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('blocked_until', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('login_failures_pk', ['site_id', 'email_key'])
    .execute();
  await sql`insert into login_failures select site_id, email_key, failures, blocked_until, updated_at
    from login_failures_of_kind where kind = 'member'`.execute(t.db);
  await sql`drop table login_failures_of_kind`.execute(t.db);
  await sql`delete from kysely_migration where name = '1765260000000-StaffLoginFailures'`.execute(t.db);
}

/** Staff without invitations, recovery codes or a language. */
async function undoStaffInvitations() {
  await undoStaffLoginFailures();
  for (const table of ['staff_recovery_codes', 'staff_invitations'])
    await sql`drop table ${sql.table(table)}`.execute(t.db);
  await sql`alter table staff_users drop column language`.execute(t.db);
  await sql`delete from kysely_migration where name = '1765250000000-StaffInvitations'`.execute(t.db);
}

/** The sessions as they were before one store held both kinds: the members' in `sessions`, the staff's in `staff_sessions`. */
async function undoOneSessionStore() {
  await undoStaffInvitations();
  for (const index of ['sessions_user_id', 'sessions_staff_id', 'sessions_end_token'])
    await sql`drop index ${sql.ref(index)}`.execute(t.db);
  await sql`alter table sessions rename to one_session_store`.execute(t.db);
  await t.db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .addColumn('country', 'text')
    .addColumn('last_seen_at', 'text')
    .addColumn('end_token_hash', 'text')
    .execute();
  await t.db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();
  await t.db.schema.createIndex('sessions_end_token').unique().on('sessions').column('end_token_hash').execute();
  await t.db.schema
    .createTable('staff_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff_users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('stage', 'text', (c) => c.notNull().defaultTo('signed_in'))
    .addColumn('pending_secret', 'text')
    .addColumn('code_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into sessions
    select id, user_id, created_at, expires_at, user_agent, country, last_seen_at, end_token_hash
    from one_session_store where kind = 'member'`.execute(t.db);
  await sql`insert into staff_sessions
    select id, staff_id, created_at, expires_at, stage, pending_secret, code_attempts
    from one_session_store where kind = 'staff'`.execute(t.db);
  await sql`drop table one_session_store`.execute(t.db);
  await sql`delete from kysely_migration where name = '1765240000000-OneSessionStore'`.execute(t.db);
}

const contents = async () => ({
  claims: await t.db.selectFrom('operator_claims').selectAll().orderBy('conversation_id').execute(),
  contacts: await t.db.selectFrom('contacts').selectAll().orderBy('profile_id').orderBy('other_profile_id').execute(),
  waits: await t.db.selectFrom('answer_waits').selectAll().orderBy('message_id').execute(),
});

describe('the migrations that fill new tables', () => {
  it('fill them as the app writes them: claims held, contacts by likes and chats, waits answered', async () => {
    const [liker, liked] = [await buildMember(t.services), await buildMember(t.services)];
    await (await loggedIn(t.app, liker)).post('/api/like.php', { profile_id: liked.profileId });
    const writer = await buildMember(t.services, { credits: 1000, freeMessages: 0 });
    await makePremium(t, writer);
    const member = await loggedIn(t.app, writer);
    const hosted = await t.services.members.createHostedProfile({
      site_id: t.site.id,
      name: 'Hosted Hanna',
      date_of_birth: '1990-02-03',
    });
    const write = async (text: string) => {
      const sent = await member.post('/api/chat.php', { client_id: randomUUID(), profile_id: hosted.id, text });
      expect(sent.statusCode, sent.body).toBe(200);
      return sent.json().conversation as number;
    };
    const operator = await staffClient(t, 'operator');
    const answer = async (conversation: number, text: string) => {
      const answered = await operator.post('/api/staff/answer.php', { conversation, text });
      expect(answered.statusCode, answered.body).toBe(200);
    };
    const conversation = await write('Hi');
    expect((await operator.post('/api/staff/claim.php', { conversation })).statusCode).toBe(200);
    t.clock.advance({ minutes: 3 });
    await answer(conversation, 'Hello!');
    await answer(conversation, 'How are you?');
    await write('Fine');
    t.clock.advance({ minutes: 2 });
    await write('And you?');
    t.clock.advance({ minutes: 2 });
    await answer(conversation, 'Great');

    const written = await contents();
    expect(written.waits.map((wait) => wait.seconds)).toEqual([180, 240]);
    expect(written.claims).toHaveLength(1);
    expect(written.contacts).toEqual(
      expect.arrayContaining([
        { profile_id: liker.profileId, other_profile_id: liked.profileId },
        { profile_id: liked.profileId, other_profile_id: liker.profileId },
        { profile_id: writer.profileId, other_profile_id: hosted.id },
        { profile_id: hosted.id, other_profile_id: writer.profileId },
      ]),
    );

    await undoFillingMigrations();
    await migrateToLatest(t.db, t.database.engine);
    expect(await contents()).toEqual(written);
  });
});

describe('the migration that makes marketing opt-in', () => {
  it('turns marketing off for members there are, whatever was stored without a consent on record, and for new members', async () => {
    const [before, chose] = [await buildMember(t.services), await buildMember(t.services)];
    const choosing = await loggedIn(t.app, chose);
    const likes = { type: 'like', mail: false, push: true };
    await choosing.put('/api/notifications.php', { preferences: [{ type: 'news', mail: false, push: true }, likes] });
    // The database before the migration: no consents table, choices only where members made them.
    await undoMarketingConsents();
    await sql`delete from notification_preferences where type = 'promotions'`.execute(t.db);
    await sql`delete from notification_preferences where user_id = ${before.user.id}`.execute(t.db);
    await migrateToLatest(t.db, t.database.engine);

    const marketing = async (member: Awaited<ReturnType<typeof buildMember>>) => {
      const { preferences } = (await (await loggedIn(t.app, member)).get('/api/notifications.php')).json();
      return preferences.filter((p: { type: string }) => p.type === 'promotions' || p.type === 'news');
    };
    const off = [
      { type: 'promotions', mail: false, push: false },
      { type: 'news', mail: false, push: false },
    ];
    expect(await marketing(before)).toEqual(off);
    expect(await marketing(chose)).toEqual(off);
    const choices = (await (await loggedIn(t.app, chose)).get('/api/notifications.php')).json().preferences;
    expect(choices).toContainEqual(likes);
    expect(await marketing(await buildMember(t.services))).toEqual(off);
    expect(await t.db.selectFrom('marketing_consents').selectAll().execute()).toEqual([]);
  });
});

describe('the migrations to the official regions', () => {
  it("keep each member's place: North Yorkshire's towns in Northern Ireland, Norway's old counties in the new, Kuopio in Pohjois-Savo", async () => {
    const belfast = await buildMember(t.services);
    const bergen = await buildMember(t.services);
    const amsterdam = await buildMember(t.services);
    const kuopio = await buildMember(t.services);
    const pirkanmaa = await buildMember(t.services);
    const stored = async (profileId: number, place: { country: string; region: string; city: string | null }) =>
      t.db.updateTable('profiles').set(place).where('id', '=', profileId).execute();
    await stored(belfast.profileId, { country: 'GB', region: 'NYK', city: 'Belfast' });
    await stored(bergen.profileId, { country: 'NO', region: '12', city: 'Bergen' });
    await stored(amsterdam.profileId, { country: 'NL', region: 'NH', city: 'Amsterdam' });
    await stored(kuopio.profileId, { country: 'FI', region: '11', city: 'Kuopio' });
    await stored(pirkanmaa.profileId, { country: 'FI', region: '11', city: null });

    await undoLaterMigrations();
    await migrateToLatest(t.db, t.database.engine);

    const regionOf = async (profileId: number) =>
      (await t.db.selectFrom('profiles').select('region').where('id', '=', profileId).executeTakeFirstOrThrow()).region;
    expect(await regionOf(belfast.profileId)).toBe('NIR');
    expect(await regionOf(bergen.profileId)).toBe('46');
    expect(await regionOf(amsterdam.profileId)).toBe('NH');
    expect(await regionOf(kuopio.profileId)).toBe('15');
    expect(await regionOf(pirkanmaa.profileId)).toBe('11');
    const member = await loggedIn(t.app, belfast);
    expect((await member.get('/api/user.php')).json().user.profile).toMatchObject({
      country: 'GB',
      region: 'NIR',
      city: 'Belfast',
    });
  });
});

describe('the migration that lets members see where they are signed in', () => {
  it('keeps sessions there are open, last seen when they began, on a device and in a place unknown', async () => {
    const member = await buildMember(t.services);
    const client = await loggedIn(t.app, member);
    await undoLaterMigrations();
    await migrateToLatest(t.db, t.database.engine);

    const answer = await client.get('/api/sessions.php');
    expect(answer.statusCode, answer.body).toBe(200);
    const [session] = answer.json().sessions;
    expect(answer.json().sessions).toHaveLength(1);
    expect(session).toMatchObject({ country: null, current: true, device: { browser: null, system: null } });
    expect(session.last_seen).toBe(session.first_seen);
  });
});

describe('the migration that keeps members and staff in one session store', () => {
  it('keeps every session as it was: members signed in, staff signed in or half-way through the two steps', async () => {
    const built = await buildMember(t.services);
    const member = client(t.app);
    const firefox = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0';
    const login = { email: built.email, password: built.password };
    expect((await member.post('/api/user.php', login, { headers: { 'user-agent': firefox } })).statusCode).toBe(200);
    const operator = await staffClient(t, 'operator');
    const admin = await staffClient(t, 'admin');
    const passwordStep = async (email: string) => {
      const visitor = client(t.app);
      const answer = (await visitor.post('/api/staff/login.php', { email, password: STAFF_PASSWORD })).json();
      return { visitor, answer: answer as { two_step: string } };
    };
    const waitingForCode = await passwordStep(admin.email);
    expect(waitingForCode.answer).toEqual({ two_step: 'code' });
    const newcomer = `newcomer-${randomUUID().slice(0, 6)}@amora.test`;
    await t.services.staff.addStaff({ email: newcomer, name: 'Nina', password: STAFF_PASSWORD, role: 'moderator' });
    const { id: newcomerId } = await t.services.staff.byEmail(newcomer).then((row) => row ?? { id: 0 });
    const invitation = await t.services.staff.inviteByCommand(newcomerId);
    const settingUp = client(t.app);
    const setup = await settingUp.post('/api/staff/invitation.php', { invitation, password: STAFF_PASSWORD });
    const { secret: newSecret } = setup.json() as { secret: string };
    const stored = await t.db.selectFrom('sessions').selectAll().orderBy('id').execute();
    const memberSessions = (await member.get('/api/sessions.php')).json();
    expect(memberSessions.sessions).toHaveLength(1);

    await undoOneSessionStore();
    await migrateToLatest(t.db, t.database.engine);

    expect(await t.db.selectFrom('sessions').selectAll().orderBy('id').execute()).toEqual(stored);
    expect((await member.get('/api/sessions.php')).json()).toEqual(memberSessions);
    expect((await operator.get('/api/staff/me.php')).json().staff).toMatchObject({ email: operator.email });
    expect((await admin.get('/api/staff/sessions.php')).json().sessions).toHaveLength(1);
    // The admin's last code was taken at their sign-in: the next one is of a later time step.
    t.clock.advance({ minutes: 1 });
    const code = await totpCode(t, admin.secret ?? '');
    expect((await waitingForCode.visitor.post('/api/staff/two-step.php', { code })).statusCode).toBe(200);
    // Undoing the later migrations took the invitations' table with it: the half-made set-up goes on with a new one.
    const again = await t.services.staff.inviteByCommand(newcomerId);
    expect(again).not.toBe(invitation);
    const firstCode = await totpCode(t, newSecret);
    expect((await settingUp.post('/api/staff/two-step.php', { code: firstCode, invitation: again })).statusCode).toBe(
      200,
    );
    expect((await settingUp.get('/api/staff/me.php')).json().staff).toMatchObject({ two_step: true });
  });

  it("holds each session to the account of its kind, and a member's to a last sighting", async () => {
    const member = await buildMember(t.services);
    const email = `kind-${randomUUID().slice(0, 6)}@amora.test`;
    const staff = await t.services.staff.addStaff({ email, name: 'Kim', password: STAFF_PASSWORD, role: 'operator' });
    const now = t.clock.now().toISOString();
    const times = { created_at: now, expires_at: now, last_seen_at: now };
    const refused = (row: { kind: 'member' | 'staff'; user_id?: number; staff_id?: number; last_seen_at?: null }) =>
      expect(
        t.db
          .insertInto('sessions')
          .values({ id: randomUUID(), ...times, ...row })
          .execute(),
      ).rejects.toThrow(/sessions_of_their_kind/);
    await refused({ kind: 'member', staff_id: staff.id });
    await refused({ kind: 'member', user_id: member.user.id, staff_id: staff.id });
    await refused({ kind: 'staff', user_id: member.user.id });
    await refused({ kind: 'staff', user_id: member.user.id, staff_id: staff.id });
    await refused({ kind: 'member', user_id: member.user.id, last_seen_at: null });
    await refused({ kind: 'guest' as 'member', user_id: member.user.id });
  });
});
