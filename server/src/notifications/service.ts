import { randomUUID } from 'node:crypto';
/**
 * Notifications: what a member is told, how and when. Each of the eight types is on by mail and by
 * push until the member says otherwise, except marketing (promotions, news), off until the member
 * turns it on, each consent kept with when and where; apart from those choices, notification mail as a whole is
 * off for a reason (a spam complaint, a bounce, an unsubscribe link). Pushes go at once; mails wait
 * a few minutes so a burst becomes one mail, and go only to a member who is not online.
 */
import {
  MARKETING_NOTIFICATION_TYPES,
  type MailOffReason,
  type NotificationPreference,
  type NotificationsUpdate,
  type NotificationType,
} from '@amora/common';
import type { NotificationTarget } from '../identity/accounts/service.js';
import { BoundedCache } from '../platform/cache.js';
import { type Translate, translator } from '../platform/i18n.js';
import type { NotificationMailKind } from '../platform/mail/templates.js';
import type { Site } from '../platform/site.js';
import { createChoices } from './choices.js';
import type { NotificationsDeps, OnEvent, Recipient } from './deps.js';
import { registerLetters } from './letters.js';
import { unsubscribeQuery, validUnsubscribeSignature } from './links.js';
import { createPushService } from './push.js';
import * as queries from './queries.js';
import { createReminders } from './reminders.js';

/** At least this long between two mails of one kind to one member. */
export const MAIL_KIND_PAUSE_MS = 30 * 60_000;
/** The bundled mails waiting that an instance remembers adding. */
const MAILS_WAITING_KEPT = 10_000;

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

/** What a member wants to be told, and the browsers a push goes to. */
type Wishes = { choices: NotificationPreference[]; browsers: number[] };

/** What a notification mail says and where its button leads. */
interface MailContent {
  link: string;
  params: Record<string, string | number>;
}

export function createNotificationsService(deps: NotificationsDeps) {
  const { db, clock, linkKeys, accounts, members, chat, likes, sites, mail, jobs, events } = deps;
  const push = createPushService(deps);
  const { preferences, choicesAndBrowsers, choose, chosen, wants } = createChoices(deps);

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
    { choices, browsers }: Wishes,
    type: NotificationType,
    about: { otherProfileId: number; eventId: number | null },
    build: (t: Translate, name: string) => { title: string; body: string; url: string; tag: string },
  ) {
    if (!chosen(choices, [type], 'push')) return;
    const payload = async () => ({
      ...build(translator(recipient.target.locale), await nameOf(about.otherProfileId)),
      open_url: '/login',
    });
    await push.push(browsers, payload, `push-${about.eventId ?? randomUUID()}`);
  }

  /**
   * The bundled mails this instance added, by key, until they are due: while one waits, another of
   * its key would be dropped, so a burst of messages reads and writes nothing more for its mail.
   */
  const mailsWaiting = new BoundedCache<string, true>(MAILS_WAITING_KEPT, () => clock.now().getTime());

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
    const key = `mail-${kind}-${userId}`;
    if (mailsWaiting.has(key)) return;
    const last = await queries.lastSent(db, userId, kind);
    const pauseEnds = last ? Date.parse(last) + MAIL_KIND_PAUSE_MS - clock.now().getTime() : 0;
    const delayMs = Math.max(deps.mailBundleDelayMs, pauseEnds);
    const data = { userId, kind, ...(otherProfileId !== undefined && { otherProfileId }) };
    if (await jobs.add('notify.mail', data, { delayMs, key })) mailsWaiting.set(key, true, delayMs);
  }

  /** What a bundled mail says when it goes: what is still new then, or null when nothing is. */
  async function bundledContent(
    recipient: Recipient,
    kind: BundledKind,
    otherProfileId?: number,
  ): Promise<MailContent | null> {
    const { site, member } = recipient;
    if (kind === 'messages') {
      const { chats, num_unread_messages: count } = await chat.unreadChats(site, member);
      const latest = chats[0];
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
  const on: OnEvent = (type, handler) => {
    events.subscribeLocal(type, (event, eventId) => {
      const work = handler(event, eventId).finally(() => inFlight.delete(work));
      inFlight.add(work);
      return work;
    });
  };

  on('message.new', async (event, eventId) => {
    // A hosted profile is answered by operators from their inbox; nobody gets a notification for it.
    if (event.toHosted) return;
    const recipient = await recipientOf(event.recipientUserId);
    if (!recipient) return;
    const { conversation } = event.message;
    const type = event.opened ? 'new_conversations' : 'new_messages';
    const wishes = await choicesAndBrowsers(recipient.target.userId);
    await pushTo(recipient, wishes, type, { otherProfileId: event.senderProfileId, eventId }, (t, name) => ({
      title: t(event.opened ? 'push:conversation.title' : 'push:message.title', { name }),
      body: t(event.opened ? 'push:conversation.body' : 'push:message.body', { name }),
      url: `/chats/${conversation}`,
      tag: `chat-${conversation}`,
    }));
    await mailLater(recipient, wishes.choices, type, 'messages');
  });

  on('like.received', async (event, eventId) => {
    // A like that makes a match is told as the match.
    if (await likes.isMatch(event.profileId, event.likerProfileId)) return;
    const recipient = await recipientOf(await members.ownerOf(event.profileId));
    if (!recipient) return;
    const wishes = await choicesAndBrowsers(recipient.target.userId);
    await pushTo(recipient, wishes, 'like', { otherProfileId: event.likerProfileId, eventId }, (t, name) => ({
      title: t('push:like.title', { name }),
      body: t('push:like.body', { name }),
      url: '/likes',
      tag: 'likes',
    }));
    await mailLater(recipient, wishes.choices, 'like', 'likes');
  });

  on('match.new', async (event, eventId) => {
    // The one who liked last sees the match at once in the app; the other one is told.
    const [liker, liked] = event.profileIds;
    const recipient = await recipientOf(await members.ownerOf(liked));
    if (!recipient) return;
    const wishes = await choicesAndBrowsers(recipient.target.userId);
    await pushTo(recipient, wishes, 'like', { otherProfileId: liker, eventId }, (t, name) => ({
      title: t('push:match.title', { name }),
      body: t('push:match.body', { name }),
      url: `/members/${liker}/chat`,
      tag: `match-${liker}`,
    }));
    await mailLater(recipient, wishes.choices, 'like', 'match', liker);
  });

  registerLetters({ sites, mail, on, recipientOf, nameOf, originOf });

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
