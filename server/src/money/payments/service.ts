/**
 * Payments: a member buys a credit bundle through the provider. Its parts: what is offered
 * (offers.ts), the checkout (checkout.ts), the member's own payments (transactions.ts), direct
 * debit with its texted code (direct-debit.ts), the states the provider's word moves a payment
 * through (states.ts), and money going back (../refunds/).
 */
import type { FigurePeriod } from '../../platform/db/figures.js';
import type { InTransaction } from '../../platform/db/index.js';
import type { PaymentRow } from '../../platform/db/schema.js';
import type { Site } from '../../platform/site.js';
import { createRefunds, refundRefusalForList } from '../refunds/refunds.js';
import { createCheckout } from './checkout.js';
import type { PaymentsDeps } from './deps.js';
import { createDirectDebit } from './direct-debit.js';
import * as figures from './figures.js';
import { createOffers } from './offers.js';
import type { StaffPaymentFilter } from './queries.js';
import * as queries from './queries.js';
import { createPaymentStates } from './states.js';
import { createTransactions } from './transactions.js';

export function createPaymentsService(deps: PaymentsDeps) {
  const states = createPaymentStates(deps);
  const offers = createOffers(deps);
  const transactions = createTransactions(deps, states);
  const checkout = createCheckout(deps, states, offers, transactions);
  const refunds = createRefunds(deps, states);
  const { buyerOf, paymentCountry, priced, ...offered } = offers;
  const { begin, earlier, ...started } = checkout;
  const { presentRow, ...ownPayments } = transactions;
  return {
    ...offered,
    ...started,
    ...ownPayments,
    ...createDirectDebit(deps, offers, checkout),
    webhook: states.webhook,
    settle: refunds.settle,
    scheduleSettling: refunds.scheduleSettling,

    /** The back office's dashboard: first purchases, paying members and revenue over a period. */
    purchaseFigures: (period: FigurePeriod) => figures.purchaseFigures(deps.db, period),
    revenueFigures: (period: FigurePeriod) => figures.revenueFigures(deps.db, period),
    revenueByDay: (period: FigurePeriod) => figures.revenueByDay(deps.db, period),
    /** The operators' metrics: how many payments are in each status now. */
    countByStatus: () => figures.countByStatus(deps.db),

    /**
     * Payments for staff, newest first: each with why it may not be refunded now (null: it may), by
     * the rule a refund checks (see refundRefusalForList).
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
        refundRefusal: refundRefusalForList(row, refundDays.get(row.site_id) ?? 0, now),
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
    async refund(paymentId: number, audit?: InTransaction<PaymentRow>) {
      const { row, creditsTaken } = await refunds.refund(paymentId, audit);
      return { transaction: await presentRow(row), creditsTaken };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
