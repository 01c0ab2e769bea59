/** Sites: which site a request is for, its settings, company details, regions and interests. */
import {
  type CompanyInfo,
  INTERESTS,
  LOCALES,
  type Locale,
  type Settings,
  TERMS_VERSION_DATE,
  termsVersionDate,
} from '@amora/common';
import { regionsOf } from '../geo/service.js';
import { BoundedCache } from '../platform/cache.js';
import type { Clock } from '../platform/clock.js';
import { type Db, type InTransaction, isUniqueViolation } from '../platform/db/index.js';
import type { CompanyRow, SiteRow } from '../platform/db/schema.js';
import type { EventBus } from '../platform/events/bus.js';
import { translator } from '../platform/i18n.js';
import { type Site, type StoredSettings, siteLocale, siteOrigin } from '../platform/site.js';
import { DEFAULT_FREE_MESSAGES, DEFAULT_TIME_ZONE, newCompany, newSiteSettings } from './defaults.js';
import * as queries from './queries.js';

function toSite(row: SiteRow): Site {
  return {
    id: row.id,
    name: row.name,
    domain: row.domain,
    domainLanguage: row.domain_language,
    companyId: row.company_id,
    // Sites stored before a setting existed get its default.
    settings: {
      time_zone: DEFAULT_TIME_ZONE,
      free_messages: DEFAULT_FREE_MESSAGES,
      refund_debt: false,
      operator_two_step: 'required',
      ...JSON.parse(row.settings),
    } as StoredSettings,
  };
}

function toCompanyInfo(row: CompanyRow): CompanyInfo {
  return {
    name: row.name,
    address: row.address,
    kvk: row.kvk,
    city: row.city,
    country: row.country,
    tradenames: JSON.parse(row.tradenames),
    vat_numbers: JSON.parse(row.vat_numbers),
    support_phone: row.support_phone,
    delete_discount: row.delete_discount,
    added: row.added,
  };
}

/** The fields whose values differ, each as [before, after]. */
function changedFields(before: object, after: object): Record<string, [unknown, unknown]> {
  const was = before as Record<string, unknown>;
  const now = after as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(now)
      .filter((key) => JSON.stringify(was[key]) !== JSON.stringify(now[key]))
      .map((key) => [key, [was[key], now[key]] as [unknown, unknown]]),
  );
}

const prefixed = <T>(prefix: string, fields: Record<string, T>) =>
  Object.fromEntries(Object.entries(fields).map(([key, value]) => [`${prefix}${key}`, value]));

/** The app's page ground and top-bar colour (web/src/styles/theme.scss), for the installed app's frame. */
const APP_BACKGROUND = '#f6f5fb';
const APP_THEME_COLOUR = '#1d1a3a';

/** Sites change a few times a day; a cached one may be this old. */
const SITE_CACHE_MS = 30_000;
/** A name that reaches no site is remembered only briefly, so a new site is found soon. */
const MISS_CACHE_MS = 5_000;
/** Host names remembered at most: every site's few domains, with room to spare. */
const SITE_CACHE_ENTRIES = 5_000;

export interface NewSite {
  domain: string;
  name: string;
  /** The language the site speaks, one of LOCALES. */
  language: string;
  /** ISO 3166 country code; the site then serves that country only, in its time zone. */
  country?: string;
}

/** A site after a change, with the fields that changed: before and after. */
export interface SiteChanged {
  site: Site;
  changes: Record<string, [unknown, unknown]>;
}

/** What a new site may bring beyond the defaults (the demo site brings all of it). */
export interface SiteSetup {
  /** The operating company's details; otherwise a company with only the site's name. */
  company?: Omit<CompanyRow, 'id'>;
  /** The settings in full, instead of the defaults. */
  settings?: StoredSettings;
  /** Further host names that reach the site. */
  aliases?: string[];
}

/** An operator's new site was refused; the message says why. */
export class SiteRefused extends Error {}

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

function checkedCountry(country: string): string {
  const code = country.toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) throw new SiteRefused(`country "${country}" must be a two-letter code such as NL`);
  return code;
}

/** The new site as it will be stored (host name in lower case, country in upper case), or why not. */
function checkedNewSite({ domain, name, language, country }: NewSite): NewSite {
  const host = domain.trim().toLowerCase();
  if (!HOST_NAME.test(host)) throw new SiteRefused(`"${domain}" is not a host name such as example.com`);
  if (name.trim() === '' || name.length > 100) throw new SiteRefused('the name must be 1 to 100 characters');
  if (!(LOCALES as readonly string[]).includes(language)) {
    throw new SiteRefused(`language "${language}" must be one of ${LOCALES.join(', ')}`);
  }
  return { domain: host, name: name.trim(), language, country: country && checkedCountry(country) };
}

/** `pushPublicKey`: the deployment's VAPID public key, handed to browsers in settings.php. */
export function createSitesService(
  db: Db,
  clock: Clock,
  { pushPublicKey, publicUrl, events }: { pushPublicKey: string; publicUrl: string; events: EventBus },
) {
  const publicOrigin = new URL(publicUrl);
  let byDomain = new BoundedCache<string, { site: Site | null }>(SITE_CACHE_ENTRIES);
  let byId = new BoundedCache<number, Site>(SITE_CACHE_ENTRIES);
  let companies = new BoundedCache<number, CompanyInfo>(SITE_CACHE_ENTRIES);
  /** settings.php's answer per site and visitor's country: it changes only when the site or its company does. */
  let settingsAnswers = new BoundedCache<string, Settings>(SITE_CACHE_ENTRIES);

  /** Sites change a few times a day: after any change every instance forgets all it kept of sites. */
  function forgetSites() {
    byDomain = new BoundedCache(SITE_CACHE_ENTRIES);
    byId = new BoundedCache(SITE_CACHE_ENTRIES);
    companies = new BoundedCache(SITE_CACHE_ENTRIES);
    settingsAnswers = new BoundedCache(SITE_CACHE_ENTRIES);
  }
  events.subscribe('site.changed', forgetSites);
  // Heard here also when it came from this instance, so its own caches follow even while Redis is away.
  events.subscribeLocal('site.changed', forgetSites);

  /** A site's change, in one transaction with the event that tells every instance and `audit`. */
  async function changeWith<T>(siteId: number, change: (trx: Db) => Promise<T>, audit?: InTransaction<T>) {
    const outcome = await db.transaction().execute(async (trx) => {
      const done = await change(trx);
      await events.record(trx, { type: 'site.changed', siteId });
      if (audit) await audit(trx, done);
      return done;
    });
    forgetSites();
    await events.relay();
    return outcome;
  }

  async function findByDomain(domain: string): Promise<Site | null> {
    const key = domain.toLowerCase();
    // Anything but a host name (a Host header or ?domain= with junk) reaches no site: no lookup, nothing kept.
    if (!HOST_NAME.test(key)) return null;
    const cached = byDomain.get(key);
    if (cached) return cached.site;
    const row = await queries.findSiteByDomain(db, key);
    const site = row ? toSite(row) : null;
    byDomain.set(key, { site }, site ? SITE_CACHE_MS : MISS_CACHE_MS);
    return site;
  }

  async function companyInfo(site: Site): Promise<CompanyInfo> {
    const cached = companies.get(site.companyId);
    if (cached) return cached;
    const row = await queries.findCompany(db, site.companyId);
    if (!row) throw new Error(`site ${site.id} has no company ${site.companyId}`);
    const company = toCompanyInfo(row);
    companies.set(site.companyId, company, SITE_CACHE_MS);
    return company;
  }

  async function settingsFor(site: Site, geoipCountry: string | null): Promise<Settings> {
    const key = `${site.id} ${geoipCountry}`;
    const cached = settingsAnswers.get(key);
    if (cached) return cached;
    const settings = await freshSettings(site, geoipCountry);
    settingsAnswers.set(key, settings, SITE_CACHE_MS);
    return settings;
  }

  async function freshSettings(site: Site, geoipCountry: string | null): Promise<Settings> {
    const company = await companyInfo(site);
    const countries = site.settings.countries;
    return {
      ...site.settings,
      name: site.name,
      domain: site.domain,
      domain_language: site.domainLanguage,
      company_id: site.companyId,
      geoip_country: geoipCountry,
      geoip_selected_country: geoipCountry && countries.includes(geoipCountry) ? geoipCountry : (countries[0] ?? ''),
      locales: [...LOCALES],
      terms_version_date: termsVersionDate(company.added, TERMS_VERSION_DATE),
      push_public_key: pushPublicKey,
    };
  }

  /** The installable app's web manifest: the site's own name, in the app's colours. */
  function manifest(site: Site) {
    return {
      id: '/',
      name: site.name,
      short_name: site.name,
      description: site.settings.description || site.settings.index_title,
      lang: site.domainLanguage,
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: APP_BACKGROUND,
      theme_color: APP_THEME_COLOUR,
      categories: ['social', 'lifestyle'],
      icons: [
        { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    };
  }

  function interests(locale: Locale) {
    const t = translator(locale);
    return INTERESTS.map((id) => ({ id, name: t(`site:interests.${id}`) }));
  }

  function regions(site: Site) {
    return regionsOf(site.settings.countries);
  }

  /**
   * A site with the default settings and a company of its own (details to fill in), reached at its
   * domain; `audit` is written in the transaction that makes it.
   */
  async function createSite(request: NewSite, setup: SiteSetup = {}, audit?: InTransaction<Site>): Promise<Site> {
    const site = checkedNewSite(request);
    if (await queries.findSiteByDomain(db, site.domain)) throw new SiteRefused(`${site.domain} already has a site`);
    const now = clock.now().toISOString();
    const { country } = site;
    const row = {
      name: site.name,
      domain: site.domain,
      domain_language: country ? `${site.language}-${country}` : site.language,
      settings: JSON.stringify(setup.settings ?? newSiteSettings({ name: site.name, domain: site.domain, country })),
      created_at: now,
    };
    const make = async (trx: Db) => {
      const company = setup.company ?? newCompany({ name: site.name, country, added: now });
      const id = await queries.insertSite(
        trx,
        { ...row, company_id: await queries.insertCompany(trx, company) },
        setup.aliases ?? [],
      );
      const made = toSite((await queries.findSiteById(trx, id)) as SiteRow);
      if (audit) await audit(trx, made);
      return made;
    };
    try {
      const made = await db.transaction().execute(make);
      for (const domain of [site.domain, ...(setup.aliases ?? [])]) byDomain.delete(domain.toLowerCase());
      return made;
    } catch (error) {
      if (isUniqueViolation(error)) throw new SiteRefused(`${site.domain} already has a site`);
      throw error;
    }
  }

  async function listSites(): Promise<(Site & { domains: string[] })[]> {
    const [rows, domains] = await Promise.all([queries.listSites(db), queries.listSiteDomains(db)]);
    return rows.map((row) => ({
      ...toSite(row),
      domains: domains.filter((domain) => domain.site_id === row.id).map((domain) => domain.domain),
    }));
  }

  /** A site by its id, kept as long as one found by its domain. */
  async function findById(id: number): Promise<Site | null> {
    const cached = byId.get(id);
    if (cached) return cached;
    const row = await queries.findSiteById(db, id);
    const site = row ? toSite(row) : null;
    if (site) byId.set(id, site, SITE_CACHE_MS);
    return site;
  }

  /** Whether the database has a site yet (a fresh one gets the demo site in development). */
  async function anySite(): Promise<boolean> {
    return (await queries.countSites(db)) > 0;
  }

  /**
   * Changes a site's name, settings and company details: what is sent replaces what was kept.
   * The site as it is after, and the settings and company fields that changed (before and after);
   * `audit` is given both in the change's transaction.
   */
  async function changeSite(
    siteId: number,
    change: { name?: string; settings?: Partial<StoredSettings>; company?: Partial<Omit<CompanyInfo, 'added'>> },
    audit?: InTransaction<SiteChanged>,
  ): Promise<SiteChanged | null> {
    const before = await queries.findSiteById(db, siteId);
    if (!before) return null;
    const beforeSite = toSite(before);
    const beforeCompany = await queries.findCompany(db, before.company_id);
    if (!beforeCompany) throw new Error(`site ${siteId} has no company ${before.company_id}`);
    const { tradenames, vat_numbers, ...companyColumns } = change.company ?? {};
    const write = async (trx: Db): Promise<SiteChanged> => {
      if (change.name !== undefined || change.settings !== undefined) {
        await queries.updateSite(trx, siteId, {
          ...(change.name !== undefined && { name: change.name }),
          ...(change.settings !== undefined && {
            settings: JSON.stringify({ ...beforeSite.settings, ...change.settings }),
          }),
        });
      }
      if (change.company !== undefined) {
        await queries.updateCompany(trx, before.company_id, {
          ...companyColumns,
          ...(tradenames !== undefined && { tradenames: JSON.stringify(tradenames) }),
          ...(vat_numbers !== undefined && { vat_numbers: JSON.stringify(vat_numbers) }),
        });
      }
      const after = toSite((await queries.findSiteById(trx, siteId)) as SiteRow);
      const afterCompany = toCompanyInfo((await queries.findCompany(trx, before.company_id)) as CompanyRow);
      return {
        site: after,
        changes: {
          ...changedFields({ name: beforeSite.name, ...beforeSite.settings }, { name: after.name, ...after.settings }),
          ...prefixed('company.', changedFields(toCompanyInfo(beforeCompany), afterCompany)),
        },
      };
    };
    return changeWith(siteId, write, audit);
  }

  /** Another host name reaching the site; false when some site has it already. `audit` is told which. */
  async function addDomain(siteId: number, domain: string, audit?: InTransaction<boolean>): Promise<boolean> {
    const host = domain.trim().toLowerCase();
    if (!HOST_NAME.test(host)) throw new SiteRefused(`"${domain}" is not a host name such as example.com`);
    return changeWith(siteId, (trx) => queries.insertSiteDomain(trx, siteId, host), audit);
  }

  /**
   * Stops a host name reaching the site; never its own domain. False when it did not reach it.
   * `audit` is told which.
   */
  async function removeDomain(site: Site, domain: string, audit?: InTransaction<boolean>): Promise<boolean> {
    const host = domain.trim().toLowerCase();
    if (host === site.domain) throw new SiteRefused(`${host} is the site's own domain`);
    return changeWith(site.id, (trx) => queries.deleteSiteDomain(trx, site.id, host), audit);
  }

  /**
   * Where mailed links point when no request tells: PUBLIC_URL when it is one of the site's
   * domains (a development machine's localhost), otherwise the site's own domain.
   */
  async function mailOrigin(site: Site): Promise<string> {
    const servedAtPublicUrl = (await findByDomain(publicOrigin.hostname))?.id === site.id;
    return servedAtPublicUrl ? publicOrigin.origin : siteOrigin(publicOrigin, site.domain);
  }

  async function domainsOf(siteId: number): Promise<string[]> {
    return (await queries.listSiteDomains(db)).filter((row) => row.site_id === siteId).map((row) => row.domain);
  }

  return {
    findByDomain,
    findById,
    changeSite,
    addDomain,
    removeDomain,
    domainsOf,
    mailOrigin,
    companyInfo,
    settingsFor,
    manifest,
    interests,
    regions,
    siteLocale,
    createSite,
    listSites,
    anySite,
  };
}

export type SitesService = ReturnType<typeof createSitesService>;
