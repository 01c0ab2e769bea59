/**
 * Discount codes in the back office (admins): the codes members type, per site, with how often each
 * is used; new ones, and changes to a code's percentage, minimum, last day or status. A payment
 * under way keeps the price it started with.
 */
import type { Currency, DiscountValidity, PaymentMethod } from '@amora/common';
import { type AuditLog, auditedAs } from '../../identity/staff/audit.js';
import type { StaffMember } from '../../identity/staff/member.js';
import { requireRight } from '../../identity/staff/policy.js';
import type { CreditsService } from '../../money/credits/service.js';
import { isUniqueViolation } from '../../platform/db/index.js';
import type { DiscountCodeRow } from '../../platform/db/schema.js';
import { fieldError, notFound } from '../../platform/errors.js';
import type { SitesService } from '../../sites/service.js';

const CODES_SHOWN = 200;

/** The end of a code's last day, UTC. */
const endOfDay = (day: string) => `${day}T23:59:59.999Z`;

export interface NewCodeInput {
  site: number;
  code: string;
  percentage: number;
  validity: DiscountValidity;
  country?: string;
  currency?: Currency;
  minimum_order_value?: number;
  last_day?: string;
  methods?: PaymentMethod[];
}

export interface CodeChangeInput {
  id: number;
  percentage?: number;
  minimum_order_value?: number;
  last_day?: string | null;
  status?: 'active' | 'inactive';
}

export function createDiscountDesk(deps: {
  credits: CreditsService;
  sites: SitesService;
  log: AuditLog;
  siteNamesOf: (siteIds: number[]) => Promise<Map<number, string>>;
}) {
  const { credits, sites, log } = deps;

  async function present(rows: Awaited<ReturnType<CreditsService['discountCodesForStaff']>>) {
    const siteNames = await deps.siteNamesOf(rows.map((row) => row.site_id));
    return rows.map((row) => ({
      id: row.id,
      site: { id: row.site_id, name: siteNames.get(row.site_id) ?? '' },
      code: row.code,
      percentage: row.value_percentage,
      validity: row.validity,
      country: row.country,
      currency: row.currency,
      minimum_order_value: row.minimum_order_value,
      expires: row.expires,
      status: row.status,
      methods: row.paymentmethods ? (JSON.parse(row.paymentmethods) as PaymentMethod[]) : null,
      used: row.used,
      created_at: row.created_at,
    }));
  }

  /** A campaign code as staff see it; 404 for another kind (the site's own offers, a member's own code). */
  async function codeById(id: number) {
    const [shown] = await present(await credits.discountCodesForStaff({ id, limit: 1 }));
    if (!shown) throw notFound();
    return shown;
  }

  return {
    async discountCodes(staff: StaffMember | null, filter: { site?: number }) {
      requireRight(staff, 'money');
      return { codes: await present(await credits.discountCodesForStaff({ siteId: filter.site, limit: CODES_SHOWN })) };
    },

    /** A new code on a site; its name is the site's own (discount_code_taken when in use). */
    async addDiscountCode(staff: StaffMember | null, input: NewCodeInput) {
      const admin = requireRight(staff, 'money');
      const site = await sites.findById(input.site);
      if (!site) throw fieldError('site', 'invalid_choice');
      if (input.country && !(await credits.sellingCountries(site)).includes(input.country)) {
        throw fieldError('country', 'invalid_choice');
      }
      const audit = auditedAs(log, admin, 'discount.add', (row: DiscountCodeRow) => ({
        site: row.site_id,
        record: `discount:${row.id}`,
        changes: { code: [null, row.code], percentage: [null, row.value_percentage] },
      }));
      let id: number;
      try {
        id = await credits.addDiscountCode(
          site,
          {
            code: input.code,
            percentage: input.percentage,
            validity: input.validity,
            country: input.country,
            currency: input.currency,
            minimumOrderValue: input.minimum_order_value,
            expires: input.last_day ? endOfDay(input.last_day) : undefined,
            methods: input.methods,
          },
          audit,
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw fieldError('code', 'discount_code_taken');
        throw error;
      }
      return { code: await codeById(id) };
    },

    async changeDiscountCode(staff: StaffMember | null, input: CodeChangeInput) {
      const admin = requireRight(staff, 'money');
      const before = await codeById(input.id);
      const expires = input.last_day === undefined ? undefined : input.last_day && endOfDay(input.last_day);
      const changes: Record<string, [unknown, unknown]> = {};
      if (input.percentage !== undefined && input.percentage !== before.percentage)
        changes.percentage = [before.percentage, input.percentage];
      if (input.minimum_order_value !== undefined && input.minimum_order_value !== before.minimum_order_value)
        changes.minimum_order_value = [before.minimum_order_value, input.minimum_order_value];
      if (expires !== undefined && expires !== before.expires) changes.expires = [before.expires, expires];
      if (input.status !== undefined && input.status !== before.status) changes.status = [before.status, input.status];
      if (Object.keys(changes).length > 0) {
        const audit = auditedAs(log, admin, 'discount.change', () => ({
          site: before.site.id,
          record: `discount:${input.id}`,
          changes,
        }));
        await credits.changeDiscountCode(
          input.id,
          {
            ...(changes.percentage && { value_percentage: input.percentage }),
            ...(changes.minimum_order_value && { minimum_order_value: input.minimum_order_value }),
            ...(changes.expires && { expires }),
            ...(changes.status && { status: input.status }),
          },
          audit,
        );
      }
      return { code: await codeById(input.id) };
    },
  };
}
