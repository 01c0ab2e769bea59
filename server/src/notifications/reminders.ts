/**
 * The scheduled mails. Every hour each site is looked at; where it is evening there, members get
 * the unread message reminder (messages unread for a day; at most every three days), on Sundays
 * the weekly update (the members who joined that week), and a day after signing up, once, the
 * reminder to confirm their address. Looking twice in an hour sends nothing twice: each mail
 * checks when its kind last went to the member.
 */
import type { NotificationType } from '@amora/common';
import type { NotificationTarget } from '../identity/accounts/service.js';
import { addMinutes } from '../platform/clock.js';
import type { NotificationMailKind } from '../platform/mail/templates.js';
import type { Site } from '../platform/site.js';
import type { NotificationsDeps, Recipient } from './deps.js';

/** The local hour the scheduled mails go out: the evening, when members have time for the site. */
const REMINDER_LOCAL_HOUR = 19;
const WEEKLY_UPDATE_WEEKDAY = 'Sun';
const UNREAD_REMINDER_AFTER_HOURS = 24;
const UNREAD_REMINDER_PAUSE_DAYS = 3;
const WEEKLY_UPDATE_PAUSE_DAYS = 6;
/** How often each instance makes sure this hour's look is queued. */
const SCHEDULE_CHECK_MS = 10 * 60_000;

type ScheduledKind = Extract<NotificationMailKind, 'unread_reminder' | 'weekly_update' | 'reminder'>;

declare module '../platform/jobs/queue.js' {
  interface JobTypes {
    'notify.sweep': { hour: string };
    'notify.scheduled': { userId: number; kind: ScheduledKind };
  }
}

interface ReminderDeps extends NotificationsDeps {
  mayMail(target: NotificationTarget): boolean;
  wants(userId: number, types: NotificationType[], channel: 'mail'): Promise<boolean>;
  recipientOf(userId: number | null): Promise<Recipient | null>;
  originOf(site: Site): Promise<string>;
  sendMail(
    recipient: Recipient,
    kind: NotificationMailKind,
    content: { link: string; params: Record<string, string | number> },
  ): Promise<void>;
  lastSent(userId: number, kind: string): Promise<string | null>;
}

const TYPE_OF: Record<ScheduledKind, NotificationType> = {
  unread_reminder: 'unread_message_reminders',
  weekly_update: 'weekly_updates',
  reminder: 'reminders',
};

/** The hour and weekday it is at `instant` in the site's time zone. */
function localTime(timeZone: string, instant: Date): { hour: number; weekday: string } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: 'numeric',
    hourCycle: 'h23',
    weekday: 'short',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((each) => each.type === type)?.value ?? '';
  return { hour: Number(part('hour')), weekday: part('weekday') };
}

export function createReminders(deps: ReminderDeps) {
  const { clock, jobs, sites, chat, members, accounts, mayMail, wants, recipientOf, originOf, sendMail, lastSent } =
    deps;
  const now = () => clock.now();
  const daysAgo = (days: number) => addMinutes(now(), -days * 24 * 60).toISOString();

  async function queue(userIds: Iterable<number | null>, kind: ScheduledKind) {
    for (const userId of userIds) {
      if (userId !== null) await jobs.add('notify.scheduled', { userId, kind }, { key: `${kind}-${userId}` });
    }
  }

  jobs.handle('notify.sweep', async ({ hour }) => {
    const at = new Date(hour);
    for (const site of await sites.listSites()) {
      const local = localTime(site.settings.time_zone, at);
      if (local.hour !== REMINDER_LOCAL_HOUR) continue;
      const unreadSince = addMinutes(at, -UNREAD_REMINDER_AFTER_HOURS * 60).toISOString();
      const unread = await chat.profilesWithUnreadBefore(site.id, unreadSince);
      await queue(await Promise.all(unread.map((profileId) => members.ownerOf(profileId))), 'unread_reminder');
      const signedUp = await accounts.unconfirmedSignedUpBetween(site.id, daysAgo(2), daysAgo(1));
      await queue(signedUp, 'reminder');
      if (local.weekday === WEEKLY_UPDATE_WEEKDAY)
        await queue(await accounts.confirmedMemberIds(site.id), 'weekly_update');
    }
  });

  /** True when a mail of this kind went to the member less than `days` ago (ever, without days). */
  async function sentWithin(userId: number, kind: ScheduledKind, days?: number): Promise<boolean> {
    const last = await lastSent(userId, kind);
    return last !== null && (days === undefined || last > daysAgo(days));
  }

  jobs.handle('notify.scheduled', async ({ userId, kind }) => {
    const recipient = await recipientOf(userId);
    if (!recipient || !(await wants(userId, [TYPE_OF[kind]], 'mail'))) return;
    const { target, site } = recipient;
    const origin = await originOf(site);
    if (kind === 'reminder') {
      // The one mail that goes to an unconfirmed address: the one that asks to confirm it.
      if (target.mailOff.length > 0 || (await sentWithin(userId, kind))) return;
      const link = await accounts.activationLink(userId, origin);
      if (link) await sendMail(recipient, kind, { link, params: {} });
      return;
    }
    if (!mayMail(target)) return;
    if (kind === 'unread_reminder') {
      if (await sentWithin(userId, kind, UNREAD_REMINDER_PAUSE_DAYS)) return;
      const { chats, num_unread_messages: count } = await chat.unreadChats(site, await memberOf(userId));
      const latest = chats[0];
      if (latest)
        await sendMail(recipient, kind, { link: `${origin}/chats`, params: { count, sender: latest.profile.name } });
      return;
    }
    if (await sentWithin(userId, kind, WEEKLY_UPDATE_PAUSE_DAYS)) return;
    const count = await members.countNewMembers(site.id, daysAgo(7));
    if (count > 0) await sendMail(recipient, kind, { link: `${origin}/members`, params: { count } });
  });

  async function memberOf(userId: number) {
    const member = await accounts.memberById(userId);
    if (!member) throw new Error(`member ${userId} is gone`);
    return member;
  }

  /** The start of the current hour, as the key of its look. */
  const thisHour = () => new Date(Math.floor(now().getTime() / 3_600_000) * 3_600_000).toISOString();
  const queueThisHour = () => {
    const hour = thisHour();
    return jobs.add('notify.sweep', { hour }, { key: `sweep-${hour}` });
  };
  let queuedHour = '';
  /** Once an hour per instance; another instance's look at the same hour sends nothing twice. */
  async function queueThisHourOnce() {
    if (queuedHour === thisHour()) return;
    await queueThisHour();
    queuedHour = thisHour();
  }

  return {
    /** Queues this hour's look now and every few minutes; returns how to stop. */
    schedule(): () => void {
      const report = (error: unknown) => console.error('could not schedule the reminders:', error);
      void queueThisHourOnce().catch(report);
      const timer = setInterval(() => void queueThisHourOnce().catch(report), SCHEDULE_CHECK_MS);
      timer.unref();
      return () => clearInterval(timer);
    },
    /** Looks for this hour's scheduled mails now (tests, after moving the clock). */
    sweepNow: queueThisHour,
  };
}
