/** Notifications: push subscriptions, preferences, marketing consents and sends. */
import type { Generated } from 'kysely';

export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: string;
}

/** A member's choice for one notification type; a type without a row is on for both channels. */
export interface NotificationPreferencesTable {
  user_id: number;
  type: string;
  mail: number;
  push: number;
}

/** Each time a member gave or withdrew consent to marketing on a channel, and where (kept as proof). */
export interface MarketingConsentsTable {
  id: Generated<number>;
  user_id: number;
  channel: 'mail' | 'push';
  topic: string;
  /** 1 given, 0 withdrawn. */
  given: number;
  at: string;
  source: 'settings' | 'signup' | 'unsubscribe';
}

export interface NotificationSendsTable {
  user_id: number;
  kind: string;
  sent_at: string;
}
