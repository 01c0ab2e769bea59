/**
 * Bundles and prices in the back office (admins): a site's credit bundles per country, with the VAT
 * in each price; new bundles, a change of credits, price or popular mark, taking one off sale and
 * back. A payment under way keeps the credits and price it started with.
 */
import { type Currency, vatIncluded } from '@amora/common';
import { type AuditLog, auditedAs } from '../../identity/staff/audit.js';
import type { StaffMember } from '../../identity/staff/member.js';
import { requireRight } from '../../identity/staff/policy.js';
import type { CreditsService } from '../../money/credits/service.js';
import { vatRateOf } from '../../money/payments/vat.js';
import type { BundleChange, BundleWrite, NewBundle } from '../../money/prices/price-list.js';
import type { Db, InTransaction } from '../../platform/db/index.js';
import type { BundleRow } from '../../platform/db/schema.js';
import { fieldError, notFound } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events/bus.js';
import type { Site } from '../../platform/site.js';
import type { SitesService } from '../../sites/service.js';

/** The fields of a bundle the audit log follows. */
const LOGGED = ['credits', 'price', 'popular', 'active'] as const;

function present(row: BundleRow, site: Pick<Site, 'id' | 'name'>) {
  const vatRate = vatRateOf(row.country);
  const vat = vatIncluded(row.price, vatRate);
  return {
    id: row.id,
    site: { id: site.id, name: site.name },
    country: row.country,
    credits: row.credits,
    currency: row.currency as Currency,
    price: row.price,
    vat_rate: vatRate,
    vat,
    net: row.price - vat,
    price_per_credit: Math.round((row.price * 100) / row.credits) / 100,
    popular: row.popular === 1,
    trial: row.trial === 1,
    active: row.active === 1,
    created_at: row.created_at,
  };
}

type Shown = ReturnType<typeof present>;

/** What changed from before to after, as the audit log keeps it. */
function changesOf(before: Shown, after: Shown): Record<string, [unknown, unknown]> {
  return Object.fromEntries(
    LOGGED.filter((field) => before[field] !== after[field]).map((field) => [field, [before[field], after[field]]]),
  );
}

/** A new bundle as the audit log keeps it: every field it was made with. */
function additionOf(added: Shown): Record<string, [unknown, unknown]> {
  const fields = ['country', 'currency', 'credits', 'price', 'popular', 'trial'] as const;
  return Object.fromEntries(fields.map((field) => [field, [null, added[field]]]));
}

export function createBundleDesk(deps: {
  credits: CreditsService;
  sites: SitesService;
  events: EventBus;
  log: AuditLog;
}) {
  const { credits, sites, events, log } = deps;

  async function siteOf(id: number, field: string): Promise<Site> {
    const site = await sites.findById(id);
    if (!site) throw fieldError(field, 'invalid_choice');
    return site;
  }

  /** The bundles that gave the popular mark to the one just marked each get their own row. */
  async function logUnmarked(trx: Db, admin: StaffMember, site: Site, unmarked: BundleRow[]) {
    for (const row of unmarked) {
      await log(
        admin,
        'bundle.change',
        { site: site.id, record: `bundle:${row.id}`, changes: { popular: [true, false] } },
        trx,
      );
    }
  }

  /**
   * What a bundle write adds to its transaction: its audit rows (its own when a field the log
   * follows changed), and the site's change for every instance.
   */
  function audited(admin: StaffMember, site: Site, action: string): InTransaction<BundleWrite> {
    const own = auditedAs(log, admin, action, (write: BundleWrite) => {
      const after = present(write.after, site);
      const changes = write.before ? changesOf(present(write.before, site), after) : additionOf(after);
      return Object.keys(changes).length > 0 ? { site: site.id, record: `bundle:${after.id}`, changes } : null;
    });
    return async (trx, write) => {
      await own(trx, write);
      await logUnmarked(trx, admin, site, write.unmarked);
      // A message's price never falls below what the site's bundles make its minimum cost (user.php shows it).
      await events.record(trx, { type: 'site.changed', siteId: site.id });
    };
  }

  /** The bundle as written, once the site's change is told. */
  async function shown(site: Site, write: BundleWrite) {
    await events.relay();
    return { bundle: present(write.after, site) };
  }

  return {
    /** A site's bundles per country it sells in, each country with its currency and VAT rate. */
    async bundles(staff: StaffMember | null, filter: { site: number }) {
      requireRight(staff, 'money');
      const site = await siteOf(filter.site, 'site');
      const rows = await credits.siteBundles(site.id);
      const countries = (await credits.bundleCountries(site)).map(({ country, currency }) => ({
        country,
        currency,
        vat_rate: vatRateOf(country),
        bundles: rows.filter((row) => row.country === country).map((row) => present(row, site)),
      }));
      return { site: { id: site.id, name: site.name }, countries };
    },

    async addBundle(staff: StaffMember | null, input: NewBundle & { site: number }) {
      const admin = requireRight(staff, 'money');
      const site = await siteOf(input.site, 'site');
      return shown(site, await credits.addBundle(site, input, audited(admin, site, 'bundle.add')));
    },

    async changeBundle(staff: StaffMember | null, input: BundleChange & { id: number }) {
      const admin = requireRight(staff, 'money');
      const { id, ...change } = input;
      const row = await credits.bundleById(id);
      const site = row && (await sites.findById(row.site_id));
      if (!site) throw notFound();
      return shown(site, await credits.changeBundle(id, change, audited(admin, site, 'bundle.change')));
    },
  };
}
