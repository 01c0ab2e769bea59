import { type Insertable, sql } from 'kysely';
import { type Db, engineOf } from '../../platform/db/index.js';
import type {
  BundleRow,
  CreditBundlesTable,
  DiscountCodeRow,
  DiscountCodesTable,
  DiscountKind,
  DiscountRedemptionsTable,
} from '../../platform/db/schema.js';

export async function insertBundles(db: Db, rows: Insertable<CreditBundlesTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('credit_bundles').values(rows).execute();
}

/** The bundles on sale in a country, smallest first. */
export function findActiveBundles(db: Db, siteId: number, country: string): Promise<BundleRow[]> {
  return db
    .selectFrom('credit_bundles')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('country', '=', country)
    .where('active', '=', 1)
    .orderBy('credits')
    .execute();
}

export function findBundle(db: Db, siteId: number, id: number): Promise<BundleRow | undefined> {
  return db
    .selectFrom('credit_bundles')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findBundleById(db: Db, id: number): Promise<BundleRow | undefined> {
  return db.selectFrom('credit_bundles').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The advisory-lock key space of a site's bundles in one country (likes/queries.ts lists the others). */
const BUNDLE_LOCKS = 8;

/**
 * Serialises changes to a site's bundles in one country until the transaction ends, so two at once
 * cannot both put the same size on sale or both take the popular mark. SQLite runs one write
 * transaction at a time already.
 */
export async function lockBundlesOf(db: Db, siteId: number, country: string): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(${BUNDLE_LOCKS}, hashtext(${`${siteId}:${country}`}))`.execute(db);
}

/** Every bundle of a site, on sale or retired: per country, those on sale first, smallest first. */
export function bundlesOfSite(db: Db, siteId: number): Promise<BundleRow[]> {
  return db
    .selectFrom('credit_bundles')
    .selectAll()
    .where('site_id', '=', siteId)
    .orderBy('country')
    .orderBy('active', 'desc')
    .orderBy('credits')
    .orderBy('id')
    .execute();
}

export async function insertBundle(db: Db, row: Insertable<CreditBundlesTable>): Promise<BundleRow> {
  return db.insertInto('credit_bundles').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateBundle(
  db: Db,
  id: number,
  changes: Partial<Pick<BundleRow, 'credits' | 'price' | 'popular' | 'active'>>,
): Promise<BundleRow> {
  return db.updateTable('credit_bundles').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** Takes the popular mark off the country's other bundles; returns those that had it. */
export function unmarkPopular(db: Db, siteId: number, country: string, except: number | null): Promise<BundleRow[]> {
  let query = db
    .updateTable('credit_bundles')
    .set({ popular: 0 })
    .where('site_id', '=', siteId)
    .where('country', '=', country)
    .where('popular', '=', 1);
  if (except !== null) query = query.where('id', '!=', except);
  return query.returningAll().execute();
}

/** Which of these countries have bundles on sale. */
export async function countriesWithBundles(db: Db, siteId: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('credit_bundles')
    .select('country')
    .distinct()
    .where('site_id', '=', siteId)
    .where('active', '=', 1)
    .execute();
  return new Set(rows.map((row) => row.country));
}

export async function insertDiscountCode(db: Db, row: Insertable<DiscountCodesTable>): Promise<number> {
  return (await db.insertInto('discount_codes').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

/** Inserts the code unless the site has it already. */
export async function insertDiscountCodeOnce(db: Db, row: Insertable<DiscountCodesTable>): Promise<void> {
  await db
    .insertInto('discount_codes')
    .values(row)
    .onConflict((oc) => oc.columns(['site_id', 'code']).doNothing())
    .execute();
}

export function findDiscountCode(db: Db, siteId: number, code: string): Promise<DiscountCodeRow | undefined> {
  return db
    .selectFrom('discount_codes')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('code', '=', code)
    .executeTakeFirst();
}

export function findDiscountCodeOfKind(db: Db, siteId: number, kind: DiscountKind) {
  return db
    .selectFrom('discount_codes')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('kind', '=', kind)
    .where('status', '=', 'active')
    .orderBy('id')
    .executeTakeFirst();
}

/** Which of these codes are a new member's offer (the time bonus or the welcome discount). */
export async function newMemberOffersAmong(db: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('discount_codes')
    .select('id')
    .where('id', 'in', ids)
    .where('kind', 'in', ['time_bonus', 'welcome'])
    .execute();
  return rows.map((row) => row.id);
}

export function findDiscountCodeById(db: Db, id: number): Promise<DiscountCodeRow | undefined> {
  return db.selectFrom('discount_codes').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function isScopeHeld(db: Db, scope: string): Promise<boolean> {
  const row = await db
    .selectFrom('discount_redemptions')
    .select('id')
    .where('scope', '=', scope)
    .where('released_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertRedemption(db: Db, row: Insertable<DiscountRedemptionsTable>): Promise<void> {
  await db.insertInto('discount_redemptions').values(row).execute();
}

export async function releaseRedemptionsOf(db: Db, paymentId: number, at: string): Promise<void> {
  await db
    .updateTable('discount_redemptions')
    .set({ released_at: at })
    .where('payment_id', '=', paymentId)
    .where('released_at', 'is', null)
    .execute();
}

/** The codes members type (not the site's own offers), newest first, each with how often it is held or used. */
export function discountCodesForStaff(db: Db, filter: { siteId?: number; id?: number; limit: number }) {
  let query = db
    .selectFrom('discount_codes')
    .selectAll('discount_codes')
    .select((eb) =>
      eb
        .selectFrom('discount_redemptions')
        .select((inner) => inner.fn.countAll<string | number>().as('n'))
        .whereRef('discount_redemptions.discount_code_id', '=', 'discount_codes.id')
        .where('discount_redemptions.released_at', 'is', null)
        .as('used'),
    )
    .where('discount_codes.kind', '=', 'code')
    .where('discount_codes.user_id', 'is', null);
  if (filter.siteId !== undefined) query = query.where('discount_codes.site_id', '=', filter.siteId);
  if (filter.id !== undefined) query = query.where('discount_codes.id', '=', filter.id);
  return query.orderBy('discount_codes.id', 'desc').limit(filter.limit).execute();
}

export async function updateDiscountCode(
  db: Db,
  id: number,
  changes: Partial<Pick<DiscountCodeRow, 'value_percentage' | 'expires' | 'status' | 'minimum_order_value'>>,
): Promise<void> {
  await db.updateTable('discount_codes').set(changes).where('id', '=', id).execute();
}
