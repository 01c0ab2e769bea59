/**
 * Payments: a member buys a credit bundle through the provider. Its parts: what is offered and
 * the checkout (checkout.ts), direct debit with its texted code (direct-debit.ts), the states the
 * provider's word moves a payment through (states.ts), and money going back (refunds.ts).
 */

import type { CreditsService } from '../credits/service.js';
import type { AccountsService } from '../identity/accounts/service.js';
import type { MembersService } from '../members/profiles/service.js';
import type { Clock } from '../platform/clock.js';
import type { FigurePeriod } from '../platform/db/figures.js';
import type { Db } from '../platform/db/index.js';
import type { EventBus } from '../platform/events/bus.js';
import type { JobQueue } from '../platform/jobs/queue.js';
import type { Site } from '../platform/site.js';
import type { Texter } from '../platform/texts/texter.js';
import type { SitesService } from '../sites/service.js';
import { createCheckout } from './checkout.js';
import { createDirectDebit } from './direct-debit.js';
import type { PaymentProvider } from './provider.js';
import type { StaffPaymentFilter } from './queries.js';
import * as queries from './queries.js';
import { createRefunds, refundRefusal } from './refunds.js';
import { createPaymentStates } from './states.js';

export { RefundRefused } from './refunds.js';

export interface PaymentsDeps {
  db: Db;
  clock: Clock;
  provider: PaymentProvider;
  credits: CreditsService;
  accounts: AccountsService;
  members: MembersService;
  sites: SitesService;
  /** Sends direct debit codes; null where texts cannot be sent (no direct debit then). */
  texter: Texter | null;
  events: EventBus;
  jobs: JobQueue;
}

export function createPaymentsService(deps: PaymentsDeps) {
  const states = createPaymentStates(deps);
  const checkout = createCheckout(deps, states);
  const refunds = createRefunds(deps, states);
  const { paymentCountry, priced, begin, earlier, presentRow, ...memberFacing } = checkout;
  return {
    ...memberFacing,
    ...createDirectDebit(deps, checkout),
    webhook: states.webhook,
    settle: refunds.settle,
    scheduleSettling: refunds.scheduleSettling,

    /** The back office's dashboard: first purchases, paying members and revenue over a period. */
    purchaseFigures: (period: FigurePeriod) => queries.purchaseFigures(deps.db, period),
    revenueFigures: (period: FigurePeriod) => queries.revenueFigures(deps.db, period),
    revenueByDay: (period: FigurePeriod) => queries.revenueByDay(deps.db, period),

    /**
     * Payments for staff, newest first: each with why it may not be refunded now (null: it may), by
     * the rule a refund checks.
     */
    async forStaff(filter: StaffPaymentFilter) {
      const rows = await queries.paymentsForStaff(deps.db, filter);
      const refundDays = new Map<number, number>();
      for (const siteId of new Set(rows.map((row) => row.site_id))) {
        refundDays.set(siteId, (await deps.sites.findById(siteId))?.settings.refund_days ?? 0);
      }
      const now = deps.clock.now();
      return rows.map((row) => ({
        row,
        refundRefusal:
          row.refund_asked_at && row.status === 'paid'
            ? 'a refund was asked already'
            : refundRefusal(row, refundDays.get(row.site_id) ?? 0, now),
      }));
    },

    /** A member's payments as invoices, each with its history, and the seller: their data export's part. */
    async exportOf(site: Site, userId: number) {
      const rows = await queries.paymentsOf(deps.db, userId);
      const payments = [];
      for (const row of rows) {
        const history = await queries.eventsOf(deps.db, row.id);
        payments.push({
          ...(await presentRow(row)),
          history: history.map((event) => ({ status: event.status, at: event.created_at })),
        });
      }
      return { seller: await deps.sites.companyInfo(site), site: site.name, payments };
    },

    /** A staff member's refund; the unspent credits are taken back when the provider confirms. */
    async refund(paymentId: number) {
      const { row, creditsTaken } = await refunds.refund(paymentId);
      return { transaction: await presentRow(row), creditsTaken, siteId: row.site_id };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
