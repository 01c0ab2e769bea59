/** What every layer knows of a site, the tenant a request is for: its id, domain, language and settings. */
import { LOCALES, type Locale, type Settings } from '@amora/common';

/**
 * Where mailed links point: the site domain that found the site, with PUBLIC_URL's scheme and
 * port. Never X-Forwarded-Proto, nor a port or user part of the Host header
 * (`site.example:80@evil.example` would otherwise send a reset token to evil.example).
 */
export function siteOrigin(publicUrl: URL, siteDomain: string): string {
  const port = publicUrl.port === '' ? '' : `:${publicUrl.port}`;
  return `${publicUrl.protocol}//${siteDomain}${port}`;
}

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

export interface Site {
  id: number;
  name: string;
  domain: string;
  domainLanguage: string;
  companyId: number;
  settings: StoredSettings;
}

/** The locale a site's domain_language names, if it is one we speak. */
export function siteLocale(site: Site): Locale | null {
  const prefix = site.domainLanguage.slice(0, 2).toLowerCase();
  return (LOCALES as readonly string[]).includes(prefix) ? (prefix as Locale) : null;
}
