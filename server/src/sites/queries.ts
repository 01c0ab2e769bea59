import type { Db } from '../platform/db/index.js';
import type { CompanyRow, SiteRow } from '../platform/db/schema.js';

export function findSiteByDomain(db: Db, domain: string): Promise<SiteRow | undefined> {
  return db
    .selectFrom('site_domains')
    .innerJoin('sites', 'sites.id', 'site_domains.site_id')
    .selectAll('sites')
    .where('site_domains.domain', '=', domain)
    .executeTakeFirst();
}

export function findSiteById(db: Db, id: number): Promise<SiteRow | undefined> {
  return db.selectFrom('sites').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listSites(db: Db): Promise<SiteRow[]> {
  return db.selectFrom('sites').selectAll().orderBy('id').execute();
}

export function listSiteDomains(db: Db): Promise<{ domain: string; site_id: number }[]> {
  return db.selectFrom('site_domains').select(['domain', 'site_id']).orderBy('domain').execute();
}

export function findCompany(db: Db, id: number): Promise<CompanyRow | undefined> {
  return db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countSites(db: Db): Promise<number> {
  const row = await db
    .selectFrom('sites')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertCompany(db: Db, company: Omit<CompanyRow, 'id'>): Promise<number> {
  const row = await db.insertInto('companies').values(company).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** A site with its host names; two statements, so call it in a transaction. */
export async function insertSite(trx: Db, site: Omit<SiteRow, 'id'>, domains: string[]): Promise<number> {
  const row = await trx.insertInto('sites').values(site).returning('id').executeTakeFirstOrThrow();
  const unique = [...new Set([site.domain, ...domains])];
  await trx
    .insertInto('site_domains')
    .values(unique.map((domain) => ({ domain, site_id: row.id })))
    .onConflict((oc) => oc.column('domain').doNothing())
    .execute();
  return row.id;
}

export async function updateSite(db: Db, id: number, values: Partial<Pick<SiteRow, 'name' | 'settings'>>) {
  await db.updateTable('sites').set(values).where('id', '=', id).execute();
}

export async function updateCompany(db: Db, id: number, values: Partial<Omit<CompanyRow, 'id' | 'added'>>) {
  if (Object.keys(values).length === 0) return;
  await db.updateTable('companies').set(values).where('id', '=', id).execute();
}

/** Adds a host name to a site; false when a site (this or another) has it already. */
export async function insertSiteDomain(db: Db, siteId: number, domain: string): Promise<boolean> {
  const rows = await db
    .insertInto('site_domains')
    .values({ domain, site_id: siteId })
    .onConflict((oc) => oc.column('domain').doNothing())
    .returning('domain')
    .execute();
  return rows.length > 0;
}

export async function deleteSiteDomain(db: Db, siteId: number, domain: string): Promise<boolean> {
  const result = await db
    .deleteFrom('site_domains')
    .where('site_id', '=', siteId)
    .where('domain', '=', domain)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
