/**
 * Landers: the faces a marketing page shows a visitor, chosen by the site's niche (SPEC §9) and
 * the place its slug names, through the members' search.
 */
import {
  type LanderPrefix,
  type LandersQuery,
  type LandersResponse,
  NICHE_PREFIXES,
  visitorMayBrowse,
} from '@amora/common';
import type { Viewer } from '../members/presenter.js';
import type { MembersService } from '../members/profiles/service.js';
import type { SearchService, ShowcaseCriteria } from '../members/search/service.js';
import type { Site } from '../platform/site.js';
import { type Place, placeNamed } from './places.js';

/** Whom each niche shows; none and bdsm show everyone. */
const NICHE_CRITERIA: Record<LanderPrefix, ShowcaseCriteria> = {
  '': {},
  she: { gender: 'female' },
  bdsm: {},
  bbw: { gender: 'female', bodyTypes: ['curvy', 'large'] },
  gilf: { gender: 'female', min_age: 60 },
  milf: { gender: 'female', min_age: 35, max_age: 55 },
  gay: { gender: 'male' },
};

function landerPrefix(site: Site): LanderPrefix {
  return NICHE_PREFIXES[site.settings.niche - 1] ?? '';
}

const placeKind = (place: Place): 'city' | 'region' => (place.city === null ? 'region' : 'city');

function placeCriteria(place: Place): ShowcaseCriteria {
  return { country: place.country, countryregion: place.region, city: place.city ?? undefined };
}

export function createLandersService({ search, members }: { search: SearchService; members: MembersService }) {
  /** The niche's criteria; a signed-in member's faces are of the gender they look for where the niche leaves it open. */
  async function criteriaFor(prefix: LanderPrefix, viewer: Viewer): Promise<ShowcaseCriteria> {
    const criteria = NICHE_CRITERIA[prefix];
    if (!viewer || criteria.gender) return criteria;
    const { gender } = await members.preferencesOf(viewer);
    return gender ? { ...criteria, gender } : criteria;
  }

  return {
    /**
     * The niche's faces (landers, the home page), those of the named place first; none where a
     * visitor may not browse (a signed-in member may, and sees whom they look for).
     */
    async profiles(
      site: Site,
      trafficSource: string | undefined,
      query: LandersQuery,
      viewer: Viewer = null,
    ): Promise<LandersResponse> {
      const prefix = landerPrefix(site);
      const place = query.place === undefined ? null : placeNamed(site.settings.countries, query.place);
      const answer = { prefix, place: place?.name ?? null, place_kind: place ? placeKind(place) : null };
      if (!viewer && !visitorMayBrowse(site.settings, trafficSource)) return { ...answer, profiles: [] };

      const criteria = await criteriaFor(prefix, viewer);
      const near = place ? await search.showcase(site, { ...criteria, ...placeCriteria(place) }, query.count, []) : [];
      const more =
        near.length < query.count
          ? await search.showcase(
              site,
              criteria,
              query.count - near.length,
              near.map((card) => card.id),
            )
          : [];
      return { ...answer, profiles: [...near, ...more] };
    },
  };
}
