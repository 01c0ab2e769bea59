/**
 * Statements built once (platform/db/prepared.ts): every run puts its own values into the one
 * compiled text, on either engine and inside a caller's transaction; a variant is a statement of
 * its own; building that looks at a parameter fails at once instead of keeping one value for good.
 */
import { describe, expect, it } from 'vitest';
import { prepared } from '../src/platform/db/prepared.js';
import { useTestApp } from './helpers.js';

const t = useTestApp();

const siteByDomain = prepared((db, p: { domain: string }) =>
  db.selectFrom('sites').select(['id', 'name']).where('domain', '=', p.domain),
);

const renameSite = prepared((db, p: { id: number; name: string }) =>
  db.updateTable('sites').set({ name: p.name }).where('id', '=', p.id),
);

const sitesInOrder = prepared((db, p: { limit: number }, order: 'asc' | 'desc') =>
  db.selectFrom('sites').select('id').orderBy('id', order).limit(p.limit),
);

async function twoSites() {
  const [first] = await t.db.selectFrom('sites').selectAll().orderBy('id').execute();
  if (!first) throw new Error('the test app has no site');
  const second = await t.db
    .insertInto('sites')
    .values({ ...first, id: undefined, name: 'Tweede', domain: `tweede-${Date.now()}.test` })
    .returningAll()
    .executeTakeFirstOrThrow();
  return [first, second] as const;
}

describe('a prepared statement', () => {
  it('answers each run with its own values, as the query built anew would', async () => {
    const [first, second] = await twoSites();

    expect(await siteByDomain.first(t.db, { domain: first.domain })).toEqual({ id: first.id, name: first.name });
    expect(await siteByDomain.rows(t.db, { domain: second.domain })).toEqual([{ id: second.id, name: 'Tweede' }]);
    expect(await siteByDomain.first(t.db, { domain: 'nergens.test' })).toBeUndefined();
  });

  it('changes only what its values name, and says how many rows', async () => {
    const [first, second] = await twoSites();

    expect(await renameSite.changed(t.db, { id: second.id, name: 'Derde' })).toBe(1);
    expect(await renameSite.changed(t.db, { id: 999_999, name: 'Niemand' })).toBe(0);

    const names = await t.db
      .selectFrom('sites')
      .select(['id', 'name'])
      .where('id', 'in', [first.id, second.id])
      .execute();
    expect(Object.fromEntries(names.map((row) => [row.id, row.name]))).toEqual({
      [first.id]: first.name,
      [second.id]: 'Derde',
    });
  });

  it("runs on the caller's transaction, and is undone with it", async () => {
    const [, second] = await twoSites();

    await expect(
      t.db.transaction().execute(async (trx) => {
        await renameSite.changed(trx, { id: second.id, name: 'Even' });
        expect(await siteByDomain.first(trx, { domain: second.domain })).toEqual({ id: second.id, name: 'Even' });
        throw new Error('undone');
      }),
    ).rejects.toThrow('undone');

    expect(await siteByDomain.first(t.db, { domain: second.domain })).toEqual({ id: second.id, name: 'Tweede' });
  });

  it('keeps a statement for each variant', async () => {
    const ids = (await t.db.selectFrom('sites').select('id').orderBy('id').execute()).map((row) => row.id);

    expect(await sitesInOrder.rows(t.db, { limit: 2 }, 'asc')).toEqual(ids.slice(0, 2).map((id) => ({ id })));
    expect(await sitesInOrder.rows(t.db, { limit: 1 }, 'desc')).toEqual([{ id: ids.at(-1) }]);
    expect(await sitesInOrder.rows(t.db, { limit: 3 }, 'asc')).toEqual(ids.slice(0, 3).map((id) => ({ id })));
  });

  it('refuses to be built from a value computed from a parameter', async () => {
    const nextSite = prepared((db, p: { id: number }) =>
      db
        .selectFrom('sites')
        .select('id')
        .where('id', '=', p.id + 1),
    );

    await expect(nextSite.rows(t.db, { id: 1 })).rejects.toThrow('parameter "id" was used as a value while building');
  });
});
