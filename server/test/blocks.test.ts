import { describe, expect, it } from 'vitest';
import type { Site } from '../src/platform/site.js';
import {
  buildMember,
  buildSite,
  client,
  loggedInMember,
  type LoggedInMember as Member,
  useTestApp,
} from './helpers.js';

// Search lists a whole site, so these members live on a site of their own.
const HOST = 'blocks.test';
const t = useTestApp({
  setup: async (t) => {
    await buildSite(t.db, { domain: HOST });
  },
});

async function member(): Promise<Member> {
  return loggedInMember(t, (await t.services.sites.findByDomain(HOST)) as Site);
}

/** Two members, the first blocking the second. */
async function blocked() {
  const [a, b] = [await member(), await member()];
  const response = await a.visitor.post('/api/block.php', { profile_id: b.profileId });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ ok: true });
  return { a, b };
}

const page = (who: Member, profileId: number) => who.visitor.get(`/api/member.php?id=${profileId}`);
const listed = async (who: Member) =>
  ((await who.visitor.get('/api/members.php')).json().profiles as { id: number }[]).map((card) => card.id);
const blockRows = (blocker: Member) =>
  t.db.selectFrom('blocks').selectAll().where('blocker_profile_id', '=', blocker.profileId).execute();

describe('POST /api/block.php', () => {
  it('needs a session', async () => {
    const response = await client(t.app, { host: HOST }).post('/api/block.php', { profile_id: 1 });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('authentication_required');
  });

  it("hides the blocker's page from the blocked member, as if it did not exist", async () => {
    const { a, b } = await blocked();
    const response = await page(b, a.profileId);
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe((await page(b, 999_999)).body);
  });

  it("still shows the blocked member's page to the blocker, marked blocked", async () => {
    const { a, b } = await blocked();
    const response = await page(a, b.profileId);
    expect(response.statusCode).toBe(200);
    expect(response.json().profile).toMatchObject({ id: b.profileId, blocked: true });
    expect((await page(b, b.profileId)).json().profile.blocked).toBe(false);
  });

  it('leaves both out of the search results of the other', async () => {
    const [a, b] = [await member(), await member()];
    expect(await listed(a)).toContain(b.profileId);
    expect(await listed(b)).toContain(a.profileId);
    await a.visitor.post('/api/block.php', { profile_id: b.profileId });
    expect(await listed(a)).not.toContain(b.profileId);
    expect(await listed(b)).not.toContain(a.profileId);
    expect(await listed(await member())).toEqual(expect.arrayContaining([a.profileId, b.profileId]));
  });

  it('keeps one block when blocking twice', async () => {
    const { a, b } = await blocked();
    const again = await a.visitor.post('/api/block.php', { profile_id: b.profileId });
    expect(again.statusCode).toBe(200);
    expect(await blockRows(a)).toHaveLength(1);
  });

  it('refuses to block yourself', async () => {
    const a = await member();
    const response = await a.visitor.post('/api/block.php', { profile_id: a.profileId });
    expect(response.statusCode).toBe(422);
    expect(response.json().fields.profile_id.code).toBe('invalid_choice');
    expect(await blockRows(a)).toHaveLength(0);
  });

  it('answers 404 for a profile that does not exist or is on another site', async () => {
    const a = await member();
    const elsewhere = await buildMember(t.services);
    expect((await a.visitor.post('/api/block.php', { profile_id: 999_999 })).statusCode).toBe(404);
    expect((await a.visitor.post('/api/block.php', { profile_id: elsewhere.profileId })).statusCode).toBe(404);
    expect(await blockRows(a)).toHaveLength(0);
  });
});

describe('DELETE /api/block.php', () => {
  it('shows both to each other again', async () => {
    const { a, b } = await blocked();
    const response = await a.visitor.delete('/api/block.php', { profile_id: b.profileId });
    expect(response.statusCode).toBe(200);
    expect((await page(b, a.profileId)).statusCode).toBe(200);
    expect((await page(a, b.profileId)).json().profile.blocked).toBe(false);
    expect(await listed(a)).toContain(b.profileId);
    expect(await listed(b)).toContain(a.profileId);
  });

  it('does not let the blocked member lift the block', async () => {
    const { a, b } = await blocked();
    expect((await b.visitor.delete('/api/block.php', { profile_id: a.profileId })).statusCode).toBe(200);
    expect((await page(b, a.profileId)).statusCode).toBe(404);
  });
});

describe('GET /api/blocks.php', () => {
  it('lists the members one blocked, newest first', async () => {
    const { a, b } = await blocked();
    t.clock.advance({ minutes: 1 });
    const c = await member();
    await a.visitor.post('/api/block.php', { profile_id: c.profileId });
    const response = await a.visitor.get('/api/blocks.php');
    expect(response.statusCode).toBe(200);
    expect(response.json().profiles.map((card: { id: number }) => card.id)).toEqual([c.profileId, b.profileId]);
    expect((await b.visitor.get('/api/blocks.php')).json()).toEqual({ profiles: [] });
  });

  it('needs a session', async () => {
    const response = await client(t.app, { host: HOST }).get('/api/blocks.php');
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('authentication_required');
  });
});

describe('POST /api/report.php', () => {
  const reportsOf = (reporter: Member) =>
    t.db.selectFrom('reports').selectAll().where('reporter_profile_id', '=', reporter.profileId).execute();

  it('stores the report', async () => {
    const [a, b] = [await member(), await member()];
    const response = await a.visitor.post('/api/report.php', {
      profile_id: b.profileId,
      reason: 'fake',
      comment: '  Photos from a magazine ',
    });
    expect(response.statusCode).toBe(200);
    expect(await reportsOf(a)).toEqual([
      expect.objectContaining({ reported_profile_id: b.profileId, reason: 'fake', comment: 'Photos from a magazine' }),
    ]);
  });

  it('refuses an unknown reason', async () => {
    const [a, b] = [await member(), await member()];
    const response = await a.visitor.post('/api/report.php', { profile_id: b.profileId, reason: 'ugly' });
    expect(response.statusCode).toBe(422);
    expect(response.json().fields.reason.code).toBe('invalid_choice');
    expect(await reportsOf(a)).toEqual([]);
  });

  it('refuses a report of yourself or of a profile that does not exist', async () => {
    const a = await member();
    expect((await a.visitor.post('/api/report.php', { profile_id: a.profileId, reason: 'fake' })).statusCode).toBe(422);
    expect((await a.visitor.post('/api/report.php', { profile_id: 999_999, reason: 'fake' })).statusCode).toBe(404);
    expect(await reportsOf(a)).toEqual([]);
  });

  it('needs a session', async () => {
    const b = await member();
    const response = await client(t.app, { host: HOST }).post('/api/report.php', {
      profile_id: b.profileId,
      reason: 'scam',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('authentication_required');
  });
});
