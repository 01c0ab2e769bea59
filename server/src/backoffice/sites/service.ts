/**
 * Sites in the back office (admins): a new site as `npm run sites -- add` makes one, and a site's
 * name, settings, company details and host names, checked by the schema settings.php answers with.
 * Every instance forgets its cached settings at once (the sites service's site.changed event).
 */
import type { SiteChange } from '@amora/common';
import type { AuditLog } from '../../identity/staff/audit.js';
import type { StaffMember } from '../../identity/staff/member.js';
import { requireRight, requireSignedIn } from '../../identity/staff/policy.js';
import type { CreditsService } from '../../money/credits/service.js';
import { fieldError, notFound } from '../../platform/errors.js';
import type { Site } from '../../platform/site.js';
import { SiteRefused, type SitesService } from '../../sites/service.js';

export function createSiteDesk(deps: { sites: SitesService; credits: CreditsService; log: AuditLog }) {
  const { sites, credits, log } = deps;

  async function siteById(id: number): Promise<Site> {
    const site = await sites.findById(id);
    if (!site) throw notFound();
    return site;
  }

  async function detail(site: Site) {
    const [domains, company] = await Promise.all([sites.domainsOf(site.id), sites.companyInfo(site)]);
    return {
      site: {
        id: site.id,
        name: site.name,
        domain: site.domain,
        domain_language: site.domainLanguage,
        domains: [site.domain, ...domains.filter((domain) => domain !== site.domain)],
      },
      settings: site.settings,
      company,
    };
  }

  /** A refusal of the sites service, as the field it is about. */
  function asFieldError(field: string, error: unknown): never {
    if (error instanceof SiteRefused)
      throw fieldError(field, error.message.includes('already') ? 'domain_taken' : 'invalid');
    throw error;
  }

  return {
    /** The sites of this deployment, for filters. */
    async siteList(staff: StaffMember | null) {
      requireSignedIn(staff);
      return (await sites.listSites()).map((site) => ({
        id: site.id,
        name: site.name,
        domain: site.domain,
        domain_language: site.domainLanguage,
      }));
    },

    async siteDetail(staff: StaffMember | null, id: number) {
      requireRight(staff, 'sites');
      return detail(await siteById(id));
    },

    /** A new site with the default settings, its bundles stocked, reached at its domain at once. */
    async addSite(
      staff: StaffMember | null,
      input: { domain: string; name: string; language: string; country?: string },
    ) {
      const admin = requireRight(staff, 'sites');
      const site = await sites.createSite(input).catch((error: unknown) => asFieldError('domain', error));
      await credits.stockSite(site, site.settings.countries);
      await log(admin, 'site.add', {
        site: site.id,
        record: `site:${site.id}`,
        changes: { domain: [null, site.domain], name: [null, site.name], language: [null, site.domainLanguage] },
      });
      return detail(site);
    },

    async changeSite(staff: StaffMember | null, input: SiteChange) {
      const admin = requireRight(staff, 'sites');
      const { id, ...change } = input;
      const changed = await sites.changeSite(id, change);
      if (!changed) throw notFound();
      if (Object.keys(changed.changes).length > 0) {
        await log(admin, 'site.change', { site: id, record: `site:${id}`, changes: changed.changes });
      }
      return detail(changed.site);
    },

    async addSiteDomain(staff: StaffMember | null, input: { site: number; domain: string }) {
      const admin = requireRight(staff, 'sites');
      const site = await siteById(input.site);
      const added = await sites
        .addDomain(site.id, input.domain)
        .catch((error: unknown) => asFieldError('domain', error));
      if (!added) {
        if ((await sites.domainsOf(site.id)).includes(input.domain.trim().toLowerCase())) return detail(site);
        throw fieldError('domain', 'domain_taken');
      }
      await log(admin, 'site.domain.add', {
        site: site.id,
        record: `site:${site.id}`,
        changes: { domain: [null, input.domain.trim().toLowerCase()] },
      });
      return detail(site);
    },

    async removeSiteDomain(staff: StaffMember | null, input: { site: number; domain: string }) {
      const admin = requireRight(staff, 'sites');
      const site = await siteById(input.site);
      const removed = await sites.removeDomain(site, input.domain).catch((error: unknown) => {
        if (error instanceof SiteRefused) throw fieldError('domain', 'invalid');
        throw error;
      });
      if (removed) {
        await log(admin, 'site.domain.remove', {
          site: site.id,
          record: `site:${site.id}`,
          changes: { domain: [input.domain.trim().toLowerCase(), null] },
        });
      }
      return detail(site);
    },
  };
}
