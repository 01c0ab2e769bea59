/**
 * Geo: regions and cities of a site's countries and the nearest city to a point, all from an
 * offline data set (country-state-city) indexed with kdbush. Loaded on first use.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import { allCountries } from 'country-region-data';
import { around } from 'geokdbush';
import KDBush from 'kdbush';
import { type CountryResponse, Reader } from 'maxmind';
import { officialRegion, REGION_FIXES } from './regions.js';

type CityRecord = [name: string, country: string, region: string, latitude: string, longitude: string];
type StateRecord = { name: string; isoCode: string; countryCode: string };

export interface Region {
  country: string;
  code: string;
  name: string;
}

export interface City {
  name: string;
  country: string;
  region: string;
  latitude: number;
  longitude: number;
}

/** Farther than this from any known city, a position is not placed. */
const NEAREST_CITY_MAX_KM = 75;
const CITY_SUGGESTIONS = 20;

const require = createRequire(import.meta.url);
const readAsset = <T>(name: string): T =>
  JSON.parse(fs.readFileSync(require.resolve(`country-state-city/lib/assets/${name}.json`), 'utf8')) as T;

interface GeoData {
  cities: City[];
  citiesByCountry: Map<string, City[]>;
  index: KDBush;
  states: StateRecord[];
}

let loaded: GeoData | null = null;

function data(): GeoData {
  if (loaded) return loaded;
  const cities = readAsset<CityRecord[]>('city').map(([name, country, region, latitude, longitude]) => ({
    name,
    country,
    region: officialRegion(country, region),
    latitude: Number(latitude),
    longitude: Number(longitude),
  }));
  for (const [country, { towns = [] }] of Object.entries(REGION_FIXES)) {
    for (const [name, region, latitude, longitude] of towns)
      cities.push({ name, country, region, latitude, longitude });
  }
  const citiesByCountry = new Map<string, City[]>();
  for (const city of cities) {
    const list = citiesByCountry.get(city.country) ?? [];
    list.push(city);
    citiesByCountry.set(city.country, list);
  }
  const index = new KDBush(cities.length);
  for (const city of cities) index.add(city.longitude, city.latitude);
  index.finish();
  loaded = { cities, citiesByCountry, index, states: readAsset<StateRecord[]>('state') };
  return loaded;
}

/** Local names where the other data set has them under the same code (Bayern, not Bavaria). */
function localRegionName(country: string, code: string): string | undefined {
  const entry = allCountries.find(([, countryCode]) => countryCode === country);
  return entry?.[2].find(([, regionCode]) => regionCode === code)?.[0];
}

const regionCache = new Map<string, Region[]>();

/**
 * The regions a member picks from: those that have towns (so every town has a region), under their
 * official codes and local names, and those REGION_FIXES names that the data has no town for.
 */
export function regionsOf(countries: string[]): Region[] {
  const key = countries.join(',');
  const cached = regionCache.get(key);
  if (cached) return cached;
  const { citiesByCountry, states } = data();
  const regions = countries.flatMap((country) => {
    const named = REGION_FIXES[country]?.names ?? {};
    const codes = new Set([...(citiesByCountry.get(country) ?? []).map((city) => city.region), ...Object.keys(named)]);
    const dataName = (code: string) =>
      localRegionName(country, code) ??
      states.find((state) => state.countryCode === country && state.isoCode === code)?.name;
    return [...codes]
      .map((code) => ({ country, code, name: named[code] ?? dataName(code) ?? code }))
      .sort((a, b) => a.name.localeCompare(b.name));
  });
  regionCache.set(key, regions);
  return regions;
}

export function isRegionOf(country: string, region: string): boolean {
  return regionsOf([country]).some((candidate) => candidate.code === region);
}

/** Cities of a country (and region) whose name starts with `prefix`, alphabetically. */
export function citiesMatching(country: string, region: string | undefined, prefix: string): City[] {
  const wanted = prefix.trim().toLocaleLowerCase();
  return (data().citiesByCountry.get(country) ?? [])
    .filter((city) => (!region || city.region === region) && city.name.toLocaleLowerCase().startsWith(wanted))
    .sort((a, b) => a.name.localeCompare(b.name))
    .slice(0, CITY_SUGGESTIONS);
}

export function findCity(country: string, region: string | null, name: string): City | undefined {
  const wanted = name.trim().toLocaleLowerCase();
  return (data().citiesByCountry.get(country) ?? []).find(
    (city) => (!region || city.region === region) && city.name.toLocaleLowerCase() === wanted,
  );
}

/** The nearest city within reach of a position, optionally only in the given countries. */
export function nearestCity(latitude: number, longitude: number, countries?: string[]): City | null {
  const { cities, index } = data();
  const allowed = countries && new Set(countries);
  const [nearest] = around(index, longitude, latitude, 1, NEAREST_CITY_MAX_KM, (i) =>
    allowed ? allowed.has(cities[i]?.country ?? '') : true,
  );
  return nearest === undefined ? null : (cities[nearest] ?? null);
}

export function allCities(): readonly City[] {
  return data().cities;
}

/** The CC0 geo-whois-asn-country database: each address range's country. */
const COUNTRY_DATABASE = '@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb';

/** Its records: the country's code alone, not GeoLite2's country object. */
type CountryRecord = CountryResponse & { country_code?: string };

let countries: Reader<CountryRecord> | null = null;

/**
 * The country of an internet address (ISO 3166 code), from the CC0 geo-whois-asn-country data;
 * null for private, local, unknown and broken addresses. The data is read at the first look-up,
 * once, and kept (a few MB): look-ups are synchronous, as the settings and first pages need them.
 */
export function countryOfAddress(address: string): string | null {
  if (isIP(address) === 0) return null;
  countries ??= new Reader<CountryRecord>(fs.readFileSync(require.resolve(COUNTRY_DATABASE)));
  const code = countries.get(address)?.country_code;
  return code && /^[A-Z]{2}$/.test(code) ? code : null;
}
