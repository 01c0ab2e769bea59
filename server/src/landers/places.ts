/** The place a lander's slug names: a region or a city of the site's countries, from the offline geo data. */
import { allCities, regionsOf } from '../geo/service.js';

export interface Place {
  /** As the data set writes it: "Amsterdam", "Noord-Holland". */
  name: string;
  country: string;
  region: string;
  /** Null when the place is a whole region. */
  city: string | null;
}

/** "Noord-Holland", "noord-holland" and "Noord Holland" are one key; so are "Köln" and "koln". */
function placeKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Places by key, per set of countries; a site's countries rarely change, so few sets are ever kept. */
const placesByCountries = new Map<string, Map<string, Place>>();
const PLACE_SETS_KEPT = 50;

function placesOf(countries: string[]): Map<string, Place> {
  const cacheKey = countries.join(',');
  const cached = placesByCountries.get(cacheKey);
  if (cached) return cached;
  const places = new Map<string, Place>();
  // Regions first: a region and a city of the same name ("Utrecht") mean the wider place.
  for (const region of regionsOf(countries)) {
    const key = placeKey(region.name);
    if (!places.has(key))
      places.set(key, { name: region.name, country: region.country, region: region.code, city: null });
  }
  const wanted = new Set(countries);
  for (const city of allCities()) {
    if (!wanted.has(city.country)) continue;
    const key = placeKey(city.name);
    if (!places.has(key))
      places.set(key, { name: city.name, country: city.country, region: city.region, city: city.name });
  }
  if (placesByCountries.size >= PLACE_SETS_KEPT) placesByCountries.clear();
  placesByCountries.set(cacheKey, places);
  return places;
}

/** The region or city of these countries that `slug` names, or null. */
export function placeNamed(countries: string[], slug: string): Place | null {
  const key = placeKey(slug);
  return key === '' ? null : (placesOf(countries).get(key) ?? null);
}
