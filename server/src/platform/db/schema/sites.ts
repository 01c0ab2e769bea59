/** The tenant's tables: companies, sites and their domains. */
import type { Generated, Selectable } from 'kysely';

export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  address: string;
  kvk: string;
  city: string;
  country: string;
  tradenames: string;
  vat_numbers: string;
  support_phone: string;
  delete_discount: number;
  added: string;
}

export interface SitesTable {
  id: Generated<number>;
  name: string;
  domain: string;
  domain_language: string;
  company_id: number;
  /** JSON of the settings that are not columns (see sites/service.ts). */
  settings: string;
  created_at: string;
}

export interface SiteDomainsTable {
  domain: string;
  site_id: number;
}

export type CompanyRow = Selectable<CompaniesTable>;
export type SiteRow = Selectable<SitesTable>;
