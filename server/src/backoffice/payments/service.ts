/** The payments desk of the back office: admins list payments across sites and refund a purchase. */
import type { PaymentMethod, PaymentStatus } from '@amora/common';
import { type AuditLog, auditedAs } from '../../identity/staff/audit.js';
import type { StaffMember } from '../../identity/staff/member.js';
import { requireRight } from '../../identity/staff/policy.js';
import type { MembersService } from '../../members/profiles/service.js';
import type { PaymentsService } from '../../money/payments/service.js';
import { RefundRefused } from '../../money/refunds/refunds.js';
import type { PaymentRow } from '../../platform/db/schema.js';
import { DomainError } from '../../platform/errors.js';

/** Payments an admin sees at once; older ones page on. */
const PAYMENTS_PAGE = 50;

export function createPaymentDesk(deps: {
  members: MembersService;
  payments: PaymentsService;
  log: AuditLog;
  siteNamesOf: (siteIds: number[]) => Promise<Map<number, string>>;
}) {
  const { members, payments, log, siteNamesOf } = deps;

  return {
    /**
     * Refunds a purchase in full (an admin's call, within the site's refund_days), taking back the
     * credits left of it; logged with the reason given.
     */
    async refund(staff: StaffMember | null, paymentId: number, reason: string) {
      const admin = requireRight(staff, 'money');
      try {
        const audit = auditedAs(log, admin, 'payment.refund', (row: PaymentRow) => ({
          site: row.site_id,
          record: `payment:${paymentId}`,
          changes: { status: ['paid', row.status], refunded_credits: [0, row.refunded_credits] },
          reason,
        }));
        const { transaction, creditsTaken } = await payments.refund(paymentId, audit);
        return { transaction, creditsTaken };
      } catch (error) {
        if (error instanceof RefundRefused) throw new DomainError('refund_refused', { reason: error.message });
        throw error;
      }
    },

    /** Payments across sites, newest first, filtered; for admins (the money right). */
    async paymentList(
      staff: StaffMember | null,
      filter: { site?: number; status?: PaymentStatus; method?: PaymentMethod; member?: number; before?: number },
    ) {
      requireRight(staff, 'money');
      let userId: number | undefined;
      if (filter.member !== undefined) {
        const [profile] = await members.namesOf([filter.member]);
        if (!profile?.user_id) return { payments: [], next_before: null };
        userId = profile.user_id;
      }
      const found = await payments.forStaff({
        siteId: filter.site,
        status: filter.status,
        method: filter.method,
        userId,
        before: filter.before,
        limit: PAYMENTS_PAGE,
      });
      const rows = found.map((each) => each.row);
      const [profiles, siteNames] = await Promise.all([
        members.profilesOfUsers([...new Set(rows.map((row) => row.user_id))]),
        siteNamesOf(rows.map((row) => row.site_id)),
      ]);
      const profileOf = new Map(profiles.map((profile) => [profile.user_id, profile]));
      return {
        payments: found.map(({ row, refundRefusal }) => {
          const profile = profileOf.get(row.user_id);
          return {
            id: row.id,
            site: { id: row.site_id, name: siteNames.get(row.site_id) ?? '' },
            member: profile ? { id: profile.id, name: profile.name } : null,
            status: row.status,
            method: row.method as PaymentMethod,
            amount: row.amount,
            currency: row.currency,
            credits: row.credits,
            refunded_credits: row.refunded_credits,
            refusal: row.refusal,
            created_at: row.created_at,
            paid_at: row.paid_at,
            refund_refusal: refundRefusal,
          };
        }),
        next_before: rows.length === PAYMENTS_PAGE ? (rows.at(-1)?.id ?? null) : null,
      };
    },
  };
}
