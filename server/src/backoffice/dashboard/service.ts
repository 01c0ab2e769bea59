/**
 * The dashboard (admins): how a site, or all sites, did over whole UTC days. Each figure is one
 * SQL aggregate of the domain that owns its table; this desk only asks for them and lays out the
 * days for the charts.
 */
import type { Currency } from '@amora/common';
import type { ChatService } from '../../chat/service.js';
import type { AccountsService } from '../../identity/accounts/service.js';
import type { StaffMember } from '../../identity/staff/member.js';
import { requireRight } from '../../identity/staff/policy.js';
import type { PaymentsService } from '../../money/payments/service.js';
import { addDays, type Clock } from '../../platform/clock.js';
import type { FigurePeriod } from '../../platform/db/figures.js';
import { fieldError } from '../../platform/errors.js';
import type { SitesService } from '../../sites/service.js';

/** The period shown when none is chosen: the last 30 days, today included. */
const DEFAULT_DAYS = 30;

export interface DashboardQuery {
  site?: number;
  /** Whole UTC days, YYYY-MM-DD, both included. */
  from?: string;
  to?: string;
}

const dayString = (date: Date) => date.toISOString().slice(0, 10);
const startOf = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** Every day from one to the other, both included. */
function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = startOf(from); day <= startOf(to); day = addDays(day, 1)) days.push(dayString(day));
  return days;
}

export function createDashboardDesk(deps: {
  clock: Clock;
  accounts: AccountsService;
  payments: PaymentsService;
  chat: ChatService;
  sites: SitesService;
}) {
  const { accounts, payments, chat, sites } = deps;

  /** The chosen days, or the last 30 up to the day chosen (today when none is). */
  function periodOf(query: DashboardQuery) {
    const to = query.to ?? dayString(deps.clock.now());
    const from = query.from ?? dayString(addDays(startOf(to), 1 - DEFAULT_DAYS));
    if (from > to) throw fieldError('from', 'invalid');
    return { from, to };
  }

  /** The charts' days, each with its signups, members' messages and net revenue per currency. */
  async function daySeries(period: FigurePeriod, days: string[]) {
    const [signups, messages, revenue] = await Promise.all([
      accounts.signupsByDay(period),
      chat.messagesToHostedByDay(period),
      payments.revenueByDay(period),
    ]);
    const signupsOn = new Map(signups.map((row) => [row.day, row.signups]));
    const messagesOn = new Map(messages.map((row) => [row.day, row.messages]));
    return days.map((day) => ({
      day,
      signups: signupsOn.get(day) ?? 0,
      messages_to_hosted: messagesOn.get(day) ?? 0,
      revenue: Object.fromEntries(revenue.filter((row) => row.day === day).map((row) => [row.currency, row.net])),
    }));
  }

  return {
    async dashboard(staff: StaffMember | null, query: DashboardQuery) {
      requireRight(staff, 'dashboard');
      const site = query.site === undefined ? null : await sites.findById(query.site);
      if (query.site !== undefined && !site) throw fieldError('site', 'invalid_choice');
      const { from, to } = periodOf(query);
      const period: FigurePeriod = {
        siteId: site?.id,
        from: startOf(from).toISOString(),
        to: addDays(startOf(to), 1).toISOString(),
      };
      const [signups, purchases, revenue, messages, waiting, answers, days] = await Promise.all([
        accounts.signupFigures(period),
        payments.purchaseFigures(period),
        payments.revenueFigures(period),
        chat.messagesToHosted(period),
        chat.conversationsWaiting(site?.id),
        chat.firstAnswerTimes(period),
        daySeries(period, daysBetween(from, to)),
      ]);
      return {
        site: site && { id: site.id, name: site.name },
        from,
        to,
        signups: signups.signups,
        activations: signups.activations,
        first_purchases: purchases.firstPurchases,
        paying_members: purchases.payingMembers,
        revenue: revenue.map((row) => ({
          currency: row.currency as Currency,
          gross: row.gross,
          refunded: row.refunded,
          charged_back: row.chargedBack,
          net: row.gross - row.refunded - row.chargedBack,
        })),
        messages_to_hosted: messages,
        conversations_waiting: waiting,
        first_answer: {
          answered: answers.answered,
          median_seconds: answers.medianSeconds,
          p90_seconds: answers.p90Seconds,
        },
        days,
      };
    },
  };
}
