/** The back office's dashboard: how the sites are doing over whole UTC days. */
import { z } from 'zod';
import { CURRENCIES } from '../money.js';
import { id } from './ids.js';
import { calendarDay } from './text.js';

/** A day, YYYY-MM-DD, that exists in the calendar. */

/** The longest period the dashboard sums over, in days. */
export const DASHBOARD_MAX_DAYS = 366;

/** GET /api/staff/dashboard.php: a site (all when absent) over whole UTC days, the last 30 by default. */
export const dashboardQuery = z
  .object({ site: id.optional(), from: calendarDay('invalid').optional(), to: calendarDay('invalid').optional() })
  .superRefine((query, context) => {
    if (!query.from || !query.to) return;
    const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 + 1;
    if (days < 1) context.addIssue({ code: 'custom', path: ['to'], message: 'invalid' });
    else if (days > DASHBOARD_MAX_DAYS) context.addIssue({ code: 'custom', path: ['to'], message: 'too_long' });
  });

const revenue = z.object({
  currency: z.enum(CURRENCIES),
  /** Minor units of the payments made in the period, VAT included. */
  gross: z.number(),
  /** Of those, refunded and charged back since. */
  refunded: z.number(),
  charged_back: z.number(),
  net: z.number(),
});

export const dashboardResponse = z.object({
  site: z.object({ id: z.number(), name: z.string() }).nullable(),
  from: z.string(),
  to: z.string(),
  signups: z.number(),
  /** Of the period's signups, those who followed their activation link. */
  activations: z.number(),
  first_purchases: z.number(),
  paying_members: z.number(),
  revenue: z.array(revenue),
  messages_to_hosted: z.number(),
  /** Now, whatever the period: conversations whose member waits for an operator's answer. */
  conversations_waiting: z.number(),
  first_answer: z.object({
    /** Waits that began in the period and were answered. */
    answered: z.number(),
    /** Seconds; null when none was answered. */
    median_seconds: z.number().nullable(),
    p90_seconds: z.number().nullable(),
  }),
  days: z.array(
    z.object({
      day: z.string(),
      signups: z.number(),
      messages_to_hosted: z.number(),
      /** Net minor units per currency paid that day. */
      revenue: z.record(z.string(), z.number()),
    }),
  ),
});
export type DashboardResponse = z.infer<typeof dashboardResponse>;
