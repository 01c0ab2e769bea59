/**
 * What a session shows of where it is: the device and browser from its user agent, and the
 * country of its address from the CC0 geo-whois-asn-country database. The address itself is never kept.
 */
import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import { SESSION_USER_AGENT_LENGTH, type SessionDevice } from '@amora/common';
import Bowser from 'bowser';
import { type CountryResponse, open, type Reader } from 'maxmind';

/** What a request tells of the browser that sent it. */
export interface SessionClient {
  userAgent: string | null;
  ip: string;
}

const require = createRequire(import.meta.url);
const COUNTRY_DATABASE = '@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb';

interface CountryRecord {
  country_code?: string;
}

let countries: Promise<Reader<CountryRecord & CountryResponse>> | null = null;

/** The database is opened at the first look-up, once, and kept. */
function countryReader() {
  countries ??= open<CountryRecord & CountryResponse>(require.resolve(COUNTRY_DATABASE));
  return countries;
}

/** The two-letter country of an address; null for a private or unknown one. */
export async function countryOf(ip: string): Promise<string | null> {
  if (isIP(ip) === 0) return null;
  const code = (await countryReader()).get(ip)?.country_code;
  return code && /^[A-Z]{2}$/.test(code) ? code : null;
}

/** The user agent as a session keeps it: cut to a sane length, null when there is none. */
export function keptUserAgent(userAgent: string | null | undefined): string | null {
  const kept = userAgent?.trim().slice(0, SESSION_USER_AGENT_LENGTH);
  return kept || null;
}

/** A device's system as people name it: an iPhone or iPad by its model, others by their OS. */
function systemOf(parsed: Bowser.Parser.ParsedResult): string | null {
  const model = parsed.platform.model;
  if (parsed.os.name === 'iOS' && model) return model;
  return parsed.os.name || null;
}

function kindOf(type: string | undefined): SessionDevice['kind'] {
  if (type === 'mobile') return 'phone';
  if (type === 'tablet') return 'tablet';
  return 'computer';
}

/** The device and browser of a user agent, e.g. Chrome on Android; unknown parts are null. */
export function deviceOf(userAgent: string | null): SessionDevice {
  if (!userAgent) return { kind: 'computer', browser: null, system: null };
  const parsed = Bowser.parse(userAgent);
  return { kind: kindOf(parsed.platform.type), browser: parsed.browser.name || null, system: systemOf(parsed) };
}
