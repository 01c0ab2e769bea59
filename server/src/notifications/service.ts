import { randomUUID } from 'node:crypto';
/**
 * Notifications: what a member is told, how and when. Each of the eight types is on by mail and by
 * push until the member says otherwise, except marketing (promotions, news), off until the member
 * turns it on, each consent kept with when and where; apart from those choices, notification mail as a whole is
 * off for a reason (a spam complaint, a bounce, an unsubscribe link). Pushes go at once; mails wait
 * a few minutes so a burst becomes one mail, and go only to a member who is not online.
 */
import {
  isMarketing,
  type Locale,
  MARKETING_NOTIFICATION_TYPES,
  type MailOffReason,
  NOTIFICATION_TYPES,
  type NotificationPreference,
  type NotificationsUpdate,
  type NotificationType,
} from '@amora/common';
import type { ChatService } from '../chat/service.js';
import type { AccountsService, NotificationTarget } from '../identity/accounts/service.js';
import type { LikesService } from '../likes/service.js';
import type { MembersService } from '../members/profiles/service.js';
import type { LinkKeys } from '../platform/config.js';
import type { Db } from '../platform/db/index.js';
import type { MarketingConsentsTable } from '../platform/db/schema.js';
import type { EventBus } from '../platform/events/bus.js';
import type { CaseLetter, EventOf, EventType } from '../platform/events/catalogue.js';
import { type Translate, translator } from '../platform/i18n.js';
import type { JobQueue } from '../platform/jobs/queue.js';
import type { MailService } from '../platform/mail/service.js';
import type { NotificationMailKind } from '../platform/mail/templates.js';
import type { Site } from '../platform/site.js';
import type { SitesService } from '../sites/service.js';
import { unsubscribeQuery, validUnsubscribeSignature } from './links.js';
import { createPushService, type PushDeps } from './push.js';
import * as queries from './queries.js';
import { createReminders } from './reminders.js';

/** At least this long between two mails of one kind to one member. */
export const MAIL_KIND_PAUSE_MS = 30 * 60_000;

const CHANNELS = ['mail', 'push'] as const;
/** Where a marketing consent was given or withdrawn. */
type ConsentSource = MarketingConsentsTable['source'];

/** Mails that gather what happened while the member was away. */
type BundledKind = 'messages' | 'likes' | 'match';
const TYPES_OF: Record<BundledKind, NotificationType[]> = {
  messages: ['new_conversations', 'new_messages'],
  likes: ['like'],
  match: ['like'],
};

declare module '../platform/jobs/queue.js' {
  interface JobTypes {
    'notify.mail': { userId: number; kind: BundledKind; otherProfileId?: number };
  }
}

/** The statements of reasons, by who gets one: each side of a report, a complainant, a member staff acted on. */
type CaseMailKind = 'statement_reporter' | 'statement_subject' | 'statement_complaint' | 'statement_initiative';

export interface NotificationsDeps extends PushDeps {
  /** Sign the unsubscribe links in mails, and verify them. */
  linkKeys: LinkKeys;
  /** Mails of one kind for one member wait this long, so what happens meanwhile goes in the same mail. */
  mailBundleDelayMs: number;
  publicUrl: string;
  accounts: AccountsService;
  members: MembersService;
  chat: ChatService;
  likes: LikesService;
  sites: SitesService;
  mail: MailService;
  jobs: JobQueue;
  events: EventBus;
}

interface Recipient {
  target: NotificationTarget;
  member: NonNullable<Awaited<ReturnType<AccountsService['memberById']>>>;
  site: Site;
}

/** What a notification mail says and where its button leads. */
interface MailContent {
  link: string;
  params: Record<string, string | number>;
}

export function createNotificationsService(deps: NotificationsDeps) {
  const { db, clock, linkKeys, accounts, members, chat, likes, sites, mail, jobs, events } = deps;
  const push = createPushService(deps);

  /** Every type's choice; without one stored, on, except marketing, which waits for consent. */
  async function preferences(userId: number, trx: Db = db): Promise<NotificationPreference[]> {
    const rows = await queries.preferencesOf(trx, userId);
    return NOTIFICATION_TYPES.map((type) => {
      const row = rows.find((each) => each.type === type);
      const unchosen = !isMarketing(type);
      return { type, mail: row ? row.mail === 1 : unchosen, push: row ? row.push === 1 : unchosen };
    });
  }

  /**
   * Stores the choices, and with them (in one transaction) each marketing consent given or
   * withdrawn, with when and where: the proof EU consent rules ask for.
   */
  async function choose(userId: number, changes: NotificationsUpdate['preferences'], source: ConsentSource) {
    await db.transaction().execute(async (trx) => {
      await queries.lockChoicesOf(trx, userId);
      const current = await preferences(userId, trx);
      for (const change of changes ?? []) {
        const now = current.find((choice) => choice.type === change.type) as NotificationPreference;
        const next = { ...now, mail: change.mail ?? now.mail, push: change.push ?? now.push };
        await queries.upsertPreference(trx, {
          user_id: userId,
          type: change.type,
          mail: next.mail ? 1 : 0,
          push: next.push ? 1 : 0,
        });
        if (!isMarketing(change.type)) continue;
        for (const channel of CHANNELS) {
          if (next[channel] === now[channel]) continue;
          const at = clock.now().toISOString();
          await queries.recordConsent(trx, {
            user_id: userId,
            channel,
            topic: change.type,
            given: next[channel] ? 1 : 0,
            at,
            source,
          });
        }
        Object.assign(now, next);
      }
    });
  }

  const chosen = (choices: NotificationPreference[], types: NotificationType[], channel: 'mail' | 'push') =>
    choices.some((choice) => types.includes(choice.type) && choice[channel]);

  async function wants(userId: number, types: NotificationType[], channel: 'mail' | 'push'): Promise<boolean> {
    return chosen(await preferences(userId), types, channel);
  }

  /** Notification mail goes to a confirmed address that has not turned it off. */
  const mayMail = (target: NotificationTarget) => target.confirmed && target.mailOff.length === 0;

  async function recipientOf(userId: number | null): Promise<Recipient | null> {
    if (userId === null) return null;
    const found = await accounts.notificationRecipient(userId);
    const site = found && (await sites.findById(found.target.siteId));
    return site ? { ...found, site } : null;
  }

  const originOf = (site: Site) => sites.mailOrigin(site);

  async function nameOf(profileId: number): Promise<string> {
    const [row] = await members.namesOf([profileId]);
    return row?.name ?? '';
  }

  async function isOnline(profileId: number): Promise<boolean> {
    return (await members.presenceOf([profileId])).get(profileId) === 'online';
  }

  async function sendMail(recipient: Recipient, kind: NotificationMailKind, content: MailContent) {
    const { target, member, site } = recipient;
    const origin = await originOf(site);
    const signed = unsubscribeQuery(linkKeys, target.userId, target.email);
    await mail.sendNotificationMail({
      site,
      to: target.email,
      locale: target.locale,
      name: await nameOf(member.profileId),
      kind,
      link: content.link,
      params: content.params,
      unsubscribe: {
        settings: `${origin}/notifications`,
        unsubscribe: `${origin}/unsubscribe?${signed}`,
        oneClick: `${origin}/api/unsubscribe.php?${signed}`,
      },
    });
    await queries.recordSent(db, target.userId, kind, clock.now().toISOString());
  }

  /**
   * A push to the member's browsers, in their language, when they want this type by push; it names
   * the other profile, whose name is read only when there is a browser to push to.
   */
  async function pushTo(
    recipient: Recipient,
    choices: NotificationPreference[],
    type: NotificationType,
    about: { otherProfileId: number; eventId: number | null },
    build: (t: Translate, name: string) => { title: string; body: string; url: string; tag: string },
  ) {
    if (!chosen(choices, [type], 'push')) return;
    const payload = async () => ({
      ...build(translator(recipient.target.locale), await nameOf(about.otherProfileId)),
      open_url: '/login',
    });
    await push.push(recipient.target.userId, payload, `push-${about.eventId ?? randomUUID()}`);
  }

  /** A bundled mail later, unless one of its kind is waiting already; never sooner than the pause after the last. */
  async function mailLater(
    recipient: Recipient,
    choices: NotificationPreference[],
    type: NotificationType,
    kind: BundledKind,
    otherProfileId?: number,
  ) {
    const { userId } = recipient.target;
    if (!mayMail(recipient.target) || !chosen(choices, [type], 'mail')) return;
    const last = await queries.lastSent(db, userId, kind);
    const pauseEnds = last ? Date.parse(last) + MAIL_KIND_PAUSE_MS - clock.now().getTime() : 0;
    await jobs.add(
      'notify.mail',
      { userId, kind, ...(otherProfileId !== undefined && { otherProfileId }) },
      { delayMs: Math.max(deps.mailBundleDelayMs, pauseEnds), key: `mail-${kind}-${userId}` },
    );
  }

  /** What a bundled mail says when it goes: what is still new then, or null when nothing is. */
  async function bundledContent(
    recipient: Recipient,
    kind: BundledKind,
    otherProfileId?: number,
  ): Promise<MailContent | null> {
    const { site, member } = recipient;
    if (kind === 'messages') {
      const { chats, num_unread_messages: count } = await chat.chats(site, member);
      const latest = chats.find((entry) => entry.num_unread_messages > 0);
      if (!latest) return null;
      const path = count === 1 ? `/chats/${latest.conversation}` : '/chats';
      return { link: `${await originOf(site)}${path}`, params: { count, sender: latest.profile.name } };
    }
    if (kind === 'likes') {
      const fresh = (await likes.likes(site, member)).liked_by.filter((like) => like.like_new);
      if (fresh.length === 0) return null;
      return {
        link: `${await originOf(site)}/likes`,
        params: { count: fresh.length, liker: await nameOf(fresh[0].id) },
      };
    }
    if (otherProfileId === undefined) return null;
    return {
      link: `${await originOf(site)}/members/${otherProfileId}/chat`,
      params: { other: await nameOf(otherProfileId) },
    };
  }

  jobs.handle('notify.mail', async ({ userId, kind, otherProfileId }) => {
    const recipient = await recipientOf(userId);
    if (!recipient || !mayMail(recipient.target)) return;
    if (!(await wants(userId, TYPES_OF[kind], 'mail'))) return;
    // Online, the member sees it in the app; what is still unread then comes in the reminder.
    if (await isOnline(recipient.member.profileId)) return;
    const content = await bundledContent(recipient, kind, otherProfileId);
    if (content) await sendMail(recipient, kind, content);
  });

  /** What the event handlers are still doing: waited for on shutdown, so no push or mail is dropped. */
  const inFlight = new Set<Promise<void>>();
  /** Once per event however many instances run: each instance acts on the events it published. */
  function on<T extends EventType>(type: T, handler: (event: EventOf<T>, eventId: number | null) => Promise<void>) {
    events.subscribeLocal(type, (event, eventId) => {
      const work = handler(event, eventId).finally(() => inFlight.delete(work));
      inFlight.add(work);
      return work;
    });
  }

  on('message.new', async (event, eventId) => {
    // A hosted profile is answered by operators from their inbox; nobody gets a notification for it.
    if (event.toHosted) return;
    const recipient = await recipientOf(event.recipientUserId);
    if (!recipient) return;
    const { opened, message } = event;
    const type = opened ? 'new_conversations' : 'new_messages';
    const choices = await preferences(recipient.target.userId);
    await pushTo(recipient, choices, type, { otherProfileId: event.senderProfileId, eventId }, (t, name) => ({
      title: t(opened ? 'push:conversation.title' : 'push:message.title', { name }),
      body: t(opened ? 'push:conversation.body' : 'push:message.body', { name }),
      url: `/chats/${message.conversation}`,
      tag: `chat-${message.conversation}`,
    }));
    await mailLater(recipient, choices, type, 'messages');
  });

  on('like.received', async (event, eventId) => {
    // A like that makes a match is told as the match.
    if (await likes.isMatch(event.profileId, event.likerProfileId)) return;
    const recipient = await recipientOf(await members.ownerOf(event.profileId));
    if (!recipient) return;
    const choices = await preferences(recipient.target.userId);
    await pushTo(recipient, choices, 'like', { otherProfileId: event.likerProfileId, eventId }, (t, name) => ({
      title: t('push:like.title', { name }),
      body: t('push:like.body', { name }),
      url: '/likes',
      tag: 'likes',
    }));
    await mailLater(recipient, choices, 'like', 'likes');
  });

  on('match.new', async (event, eventId) => {
    // The one who liked last sees the match at once in the app; the other one is told.
    const [liker, liked] = event.profileIds;
    const recipient = await recipientOf(await members.ownerOf(liked));
    if (!recipient) return;
    const choices = await preferences(recipient.target.userId);
    await pushTo(recipient, choices, 'like', { otherProfileId: liker, eventId }, (t, name) => ({
      title: t('push:match.title', { name }),
      body: t('push:match.body', { name }),
      url: `/members/${liker}/chat`,
      tag: `match-${liker}`,
    }));
    await mailLater(recipient, choices, 'like', 'match', liker);
  });

  /**
   * A mail about the member's own account, money or profile: sent whatever their notification
   * choices, in their language. `params` gets the member's translator for texts within the mail.
   */
  async function mailAboutAccount(
    userId: number,
    kind: 'payment_refused' | 'photo_rejected',
    path: string,
    params: (t: ReturnType<typeof translator>) => Record<string, string | number>,
  ) {
    const recipient = await recipientOf(userId);
    if (!recipient) return;
    const { target, member, site } = recipient;
    await mail.sendAccountMail({
      site,
      to: target.email,
      locale: target.locale,
      name: await nameOf(member.profileId),
      kind,
      link: `${await originOf(site)}${path}`,
      params: params(translator(target.locale)),
    });
  }

  on('payment.refused', (event) =>
    mailAboutAccount(event.userId, 'payment_refused', `/transactions/${event.paymentId}`, (t) => ({
      number: event.paymentId,
      credits: event.credits,
      reason: t(`mail:payment_refused.reasons.${event.refusal}`),
    })),
  );

  on('photo.rejected', (event) =>
    mailAboutAccount(event.userId, 'photo_rejected', '/profile', (t) => ({
      count: event.photos,
      reason: t(`mail:photo_rejected.reasons.${event.rejection}`),
    })),
  );

  /**
   * A moderation mail: to a member's account in their language, or to the address a complaint came
   * from (who may have no account) in the complaint's language. Sent whatever their choices.
   */
  async function mailCaseLetter(
    siteId: number,
    letter: Omit<CaseLetter, 'token'>,
    kind: CaseMailKind | 'appeal_decided',
    path: string,
    params: (t: ReturnType<typeof translator>, locale: Locale) => Record<string, string | number>,
  ) {
    const site = await sites.findById(siteId);
    if (!site) return;
    let to = letter.email;
    let locale = letter.locale;
    let name: string | null = null;
    if (letter.userId !== null) {
      const recipient = await recipientOf(letter.userId);
      if (!recipient) return;
      to = recipient.target.email;
      locale = recipient.target.locale;
      name = await nameOf(recipient.member.profileId);
    }
    if (!to) return;
    await mail.sendAccountMail({
      site,
      to,
      locale,
      name,
      kind,
      link: `${await originOf(site)}${path}`,
      params: params(translator(locale), locale),
    });
  }

  const longDate = (iso: string, locale: Locale) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
  const teamNote = (t: ReturnType<typeof translator>, explanation: string | null) =>
    explanation ? t('mail:statement_note', { explanation }) : '';

  /** The statement of reasons (DSA Art. 17): what was decided, on what ground, by a person, and how to appeal. */
  on('case.decided', async (event) => {
    for (const letter of event.letters) {
      const kind = {
        complaint: 'statement_complaint',
        initiative: 'statement_initiative',
        report: letter.party === 'subject' ? 'statement_subject' : 'statement_reporter',
      }[event.kind] as CaseMailKind;
      await mailCaseLetter(event.siteId, letter, kind, `/appeal/${letter.token}`, (t, locale) => ({
        date: longDate(event.filedAt, locale),
        reason:
          event.kind === 'complaint'
            ? t(`app:complaints.categories.${event.reason}`)
            : t(`members:report.reasons.${event.reason}`),
        profile: event.subjectName ?? '',
        outcome: t(`mail:${kind}.outcomes.${event.measure ?? 'dismissed'}`),
        note: teamNote(t, event.explanation),
      }));
    }
  });

  on('appeal.decided', (event) =>
    mailCaseLetter(event.siteId, event.letter, 'appeal_decided', '/', (t) => ({
      outcome: t(
        `mail:appeal_decided.outcomes.${event.outcome === 'upheld' ? 'upheld' : `reversed_${event.letter.party}`}`,
      ),
      note: teamNote(t, event.explanation),
    })),
  );

  const reminders = createReminders({
    ...deps,
    mayMail,
    wants,
    recipientOf,
    originOf,
    sendMail,
    lastSent: (userId, kind) => queries.lastSent(db, userId, kind),
  });

  return {
    pushPublicKey: push.pushPublicKey,
    setPushSubscription: push.setPushSubscription,
    hasPushSubscription: push.hasPushSubscription,
    /** Starts the hourly look for reminders and weekly updates; returns how to stop it. */
    scheduleReminders: reminders.schedule,
    /** Looks for this hour's scheduled mails now. */
    sweepNow: reminders.sweepNow,

    /** Resolves once the events heard so far are handled (their pushes sent, their mails queued). */
    async settled() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },

    preferences,

    /** A member's notification choices and the record of their marketing consents, for their data export. */
    async exportOf(userId: number) {
      return {
        choices: await preferences(userId),
        push_subscribed: await push.hasPushSubscription(userId),
        marketing_consents: (await queries.consentsOf(db, userId)).map((row) => ({ ...row, given: row.given === 1 })),
      };
    },

    /** Changes the given choices (and turns mail back on when asked); the rest stay as they are. */
    async updatePreferences(userId: number, update: NotificationsUpdate) {
      await choose(userId, update.preferences, 'settings');
      if (update.mail_on) await accounts.turnMailOn(userId);
    },

    /** The account an unsubscribe link is for, when its signature holds; null otherwise. */
    async unsubscribeTarget(userId: number, signature: string): Promise<NotificationTarget | null> {
      const target = await accounts.notificationTarget(userId);
      if (!target || !validUnsubscribeSignature(linkKeys, clock.now(), userId, target.email, signature)) return null;
      return target;
    },

    /** A mail's unsubscribe link stops notification mail and withdraws consent to marketing by mail. */
    async unsubscribe(userId: number) {
      const marketing = MARKETING_NOTIFICATION_TYPES.map((type) => ({ type, mail: false }));
      await choose(userId, marketing, 'unsubscribe');
      await accounts.turnMailOff(userId, 'list_unsubscribe');
    },

    /** The mail provider says an address bounced for good or its owner called a mail spam. */
    async mailEvent(email: string, reason: Extract<MailOffReason, 'bounce' | 'fbl'>): Promise<number> {
      const userIds = await accounts.userIdsWithEmail(email);
      for (const userId of userIds) await accounts.turnMailOff(userId, reason);
      return userIds.length;
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
