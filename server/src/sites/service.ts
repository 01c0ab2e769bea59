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
import type { Db } from '../db/index.js';
import type { CompanyRow, SiteRow } from '../db/schema.js';
import { regionsOf } from '../geo/service.js';
import { translator } from '../i18n.js';
import * as queries from './queries.js';

/** Settings kept as JSON on the site row; the rest are columns or computed per request. */
export type StoredSettings = Omit<
  Settings,
  | 'name'
  | 'domain'
  | 'domain_language'
  | 'company_id'
  | 'geoip_country'
  | 'geoip_selected_country'
  | 'locales'
  | 'terms_version_date'
  | 'push_public_key'
>;

const DEFAULT_TIME_ZONE = 'Europe/Amsterdam';

export interface Site {
  id: number;
  name: string;
  domain: string;
  domainLanguage: string;
  companyId: number;
  settings: StoredSettings;
}

function toSite(row: SiteRow): Site {
  return {
    id: row.id,
    name: row.name,
    domain: row.domain,
    domainLanguage: row.domain_language,
    companyId: row.company_id,
    // Sites stored before a setting existed get its default.
    settings: { time_zone: DEFAULT_TIME_ZONE, ...JSON.parse(row.settings) } as StoredSettings,
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

/** The locale a site's domain_language names, if it is one we speak. */
export function siteLocale(site: Site): Locale | null {
  const prefix = site.domainLanguage.slice(0, 2).toLowerCase();
  return (LOCALES as readonly string[]).includes(prefix) ? (prefix as Locale) : null;
}

const SITE_CACHE_MS = 30_000;

export function createSitesService(db: Db) {
  const byDomain = new Map<string, { site: Site | null; at: number }>();

  async function findByDomain(domain: string): Promise<Site | null> {
    const key = domain.toLowerCase();
    const cached = byDomain.get(key);
    if (cached && Date.now() - cached.at < SITE_CACHE_MS) return cached.site;
    const row = await queries.findSiteByDomain(db, key);
    const site = row ? toSite(row) : null;
    byDomain.set(key, { site, at: Date.now() });
    return site;
  }

  async function companyInfo(site: Site): Promise<CompanyInfo> {
    const row = await queries.findCompany(db, site.companyId);
    if (!row) throw new Error(`site ${site.id} has no company ${site.companyId}`);
    return toCompanyInfo(row);
  }

  async function settingsFor(site: Site, geoipCountry: string | null): Promise<Settings> {
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
      push_public_key: '',
    };
  }

  function interests(locale: Locale) {
    const t = translator(locale);
    return INTERESTS.map((id) => ({ id, name: t(`site:interests.${id}`) }));
  }

  function regions(site: Site) {
    return regionsOf(site.settings.countries);
  }

  return { findByDomain, companyInfo, settingsFor, interests, regions, siteLocale };
}

export type SitesService = ReturnType<typeof createSitesService>;
