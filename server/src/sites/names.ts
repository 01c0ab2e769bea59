import type { SitesService } from './service.js';

/** The names of these sites by id, for the lists that show which site a row belongs to. */
export async function siteNamesOf(sites: SitesService, siteIds: number[]) {
  const found = await Promise.all([...new Set(siteIds)].map((id) => sites.findById(id)));
  return new Map(found.flatMap((site) => (site ? [[site.id, site.name] as const] : [])));
}
