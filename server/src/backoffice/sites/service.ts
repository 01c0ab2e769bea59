/**
 * Sites in the back office (admins): a new site as `npm run sites -- add` makes one, and a site's
 * name, settings, company details and host names, checked by the schema settings.php answers with.
 * Every instance forgets its cached settings at once (the sites service's site.changed event).
 */
import type { SiteChange } from '@amora/common';
import { type AuditLog, auditedAs } from '../../identity/staff/audit.js';
import type { StaffMember } from '../../identity/staff/member.js';
import { requireRight, requireSignedIn } from '../../identity/staff/policy.js';
import type { CreditsService } from '../../money/credits/service.js';
import type { InTransaction } from '../../platform/db/index.js';
import { fieldError, notFound } from '../../platform/errors.js';
import type { Site } from '../../platform/site.js';
import { type SiteChanged, SiteRefused, type SitesService } from '../../sites/service.js';

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
      const audit = auditedAs(log, admin, 'site.add', (site: Site) => ({
        site: site.id,
        record: `site:${site.id}`,
        changes: { domain: [null, site.domain], name: [null, site.name], language: [null, site.domainLanguage] },
      }));
      // The new site's price list is stocked in the transaction that makes it, with its audit row.
      const stocked: InTransaction<Site> = async (trx, site) => {
        await credits.stockSite(site, site.settings.countries, trx);
        await audit(trx, site);
      };
      const site = await sites.createSite(input, {}, stocked).catch((error: unknown) => asFieldError('domain', error));
      return detail(site);
    },

    async changeSite(staff: StaffMember | null, input: SiteChange) {
      const admin = requireRight(staff, 'sites');
      const { id, ...change } = input;
      const audit = auditedAs(log, admin, 'site.change', ({ changes }: SiteChanged) =>
        Object.keys(changes).length > 0 ? { site: id, record: `site:${id}`, changes } : null,
      );
      const changed = await sites.changeSite(id, change, audit);
      if (!changed) throw notFound();
      return detail(changed.site);
    },

    async addSiteDomain(staff: StaffMember | null, input: { site: number; domain: string }) {
      const admin = requireRight(staff, 'sites');
      const site = await siteById(input.site);
      const host = input.domain.trim().toLowerCase();
      const audit = auditedAs(log, admin, 'site.domain.add', (added: boolean) =>
        added ? { site: site.id, record: `site:${site.id}`, changes: { domain: [null, host] } } : null,
      );
      const added = await sites
        .addDomain(site.id, input.domain, audit)
        .catch((error: unknown) => asFieldError('domain', error));
      if (!added && !(await sites.domainsOf(site.id)).includes(host)) throw fieldError('domain', 'domain_taken');
      return detail(site);
    },

    async removeSiteDomain(staff: StaffMember | null, input: { site: number; domain: string }) {
      const admin = requireRight(staff, 'sites');
      const site = await siteById(input.site);
      const host = input.domain.trim().toLowerCase();
      const audit = auditedAs(log, admin, 'site.domain.remove', (removed: boolean) =>
        removed ? { site: site.id, record: `site:${site.id}`, changes: { domain: [host, null] } } : null,
      );
      await sites.removeDomain(site, input.domain, audit).catch((error: unknown) => {
        if (error instanceof SiteRefused) throw fieldError('domain', 'invalid');
        throw error;
      });
      return detail(site);
    },
  };
}
