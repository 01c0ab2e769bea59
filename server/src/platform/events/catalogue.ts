/** The domain events, and the envelope an event travels in between instances. */
import type {
  AppealOutcome,
  AppealParty,
  CaseKind,
  CaseMeasure,
  ChatMessage,
  Locale,
  PaymentRefusal,
  PhotoRejection,
} from '@amora/common';

export type DomainEvent =
  /** A member liked a profile; for the liker's own devices. */
  | { type: 'like.new'; siteId: number; profileId: number; likedProfileId: number }
  /** A profile got a like; for the liked member (badge, notification). */
  | { type: 'like.received'; siteId: number; profileId: number; likerProfileId: number }
  /** Two profiles like each other. */
  | { type: 'match.new'; siteId: number; profileIds: [number, number] }
  /**
   * A message was stored: for both sides' devices. `message` is as the recipient sees it; the
   * sender's devices get it with from_me and the client id. `unread` is the recipient's total.
   */
  | {
      type: 'message.new';
      siteId: number;
      senderProfileId: number;
      recipientProfileId: number;
      /** The recipient's account; null for a hosted profile. */
      recipientUserId: number | null;
      clientId: string;
      message: ChatMessage;
      unread: number;
      /** The message is the conversation's first. */
      opened: boolean;
      /** The recipient is a hosted profile: operators, not a member, answer. */
      toHosted: boolean;
    }
  /** A member read a conversation up to a message: the other side sees it read, the reader's badge drops. */
  | {
      type: 'chat.read';
      siteId: number;
      conversationId: number;
      readerProfileId: number;
      otherProfileId: number;
      upTo: number;
      unread: number;
    }
  /** A member is typing in a conversation, for the other side. */
  | { type: 'chat.typing'; siteId: number; conversationId: number; profileId: number; otherProfileId: number }
  /** A payment or staff changed a member's credits (and maybe made them premium), for their devices. */
  | { type: 'credits.changed'; siteId: number; profileId: number }
  /** A member's own profile changed (details, photos, status): what instances kept of it is dropped. */
  | { type: 'profile.changed'; siteId: number; profileId: number }
  /** A paid payment brought no credits (an offer the member had had already) and is being refunded. */
  | {
      type: 'payment.refused';
      siteId: number;
      userId: number;
      paymentId: number;
      credits: number;
      refusal: PaymentRefusal;
    }
  /** A moderator rejected photos of a member's (one decision, one reason): the member is told why. */
  | { type: 'photo.rejected'; siteId: number; userId: number; photos: number; rejection: PhotoRejection }
  /**
   * A moderator decided a report or a complaint: each side told gets the statement of reasons in
   * their language, with the link (`token`) to appeal it. Who reported hears of every decision;
   * the member it concerns only of a measure against them.
   */
  | {
      type: 'case.decided';
      siteId: number;
      caseId: number;
      kind: CaseKind;
      /** The measure taken, or null when dismissed. */
      measure: CaseMeasure | null;
      /** The report's reason or the complaint's category, as filed. */
      reason: string;
      filedAt: string;
      explanation: string | null;
      /** The reported profile's name; null for a complaint. */
      subjectName: string | null;
      letters: CaseLetter[];
    }
  /** Another staff member reviewed an appeal: the side who made it is told the outcome. */
  | {
      type: 'appeal.decided';
      siteId: number;
      caseId: number;
      kind: CaseKind;
      outcome: AppealOutcome;
      explanation: string | null;
      letter: Omit<CaseLetter, 'token'>;
    }
  /** A member deleted a conversation, for their other devices. */
  | { type: 'chat.hidden'; siteId: number; conversationId: number; profileId: number; unread: number }
  /**
   * Sessions ended (logout, a new password or address, a deleted account): the sockets they opened
   * close, on every instance. Ids as the sessions table keeps them (hashes, not the cookies' tokens).
   */
  | { type: 'session.ended'; siteId: number; sessionIds: string[] }
  /**
   * A member's account row changed (address, language, activation, premium, a suspension, a
   * deletion, a password): what instances kept of it with a session is dropped.
   */
  | { type: 'account.changed'; siteId: number; userId: number }
  /** A member deleted their account (its grace period begins), or it was erased: their data goes with it. */
  | { type: 'account.deleted'; siteId: number; userId: number }
  /** An account was erased for good: the objects its profile left in the media store go too. */
  | { type: 'account.erased'; siteId: number; userId: number; profileId: number }
  /** A member's data export is ready to download, for their devices. */
  | { type: 'export.ready'; siteId: number; profileId: number }
  /** Staff changed a site's settings, company details, host names or bundles: every instance forgets what it kept. */
  | { type: 'site.changed'; siteId: number };

/** Whom a moderation mail goes to: a member's account, or a complaint's address (who may have none). */
export interface CaseLetter {
  party: AppealParty;
  userId: number | null;
  email: string | null;
  locale: Locale;
  /** The appeal link's secret. */
  token: string;
}

export type EventType = DomainEvent['type'];

/**
 * Events on which instances drop what they serve from memory (sessions, the accounts read with
 * them): their relay resolves only once every instance has dropped it (bus.ts).
 */
export const DROP_EVENTS: ReadonlySet<EventType> = new Set(['session.ended', 'account.changed']);

/**
 * The longest anything dropped on DROP_EVENTS may be kept in memory, counted from the start of its
 * read: a relay that cannot be sure every instance dropped it waits this long before it resolves.
 */
export const DROPPED_KEPT_MS = 5_000;
/** How long a relay waits for every instance to acknowledge a DROP_EVENTS event before it waits out DROPPED_KEPT_MS. */
export const ACK_WAIT_MS = 1_000;
export type EventOf<T extends EventType> = Extract<DomainEvent, { type: T }>;
/** `id` is the event's outbox id, the same on every instance and every delivery; null for a signal. */
export type EventHandler<T extends EventType> = (event: EventOf<T>, id: number | null) => void | Promise<void>;

/** An event on its way: its outbox id and the instance that relayed it. */
export interface Envelope {
  id: number | null;
  from: string;
  event: DomainEvent;
}
