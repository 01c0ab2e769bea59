/**
 * Web push to a member's browsers. Subscriptions are kept per browser endpoint;
 * one the push service no longer knows (404, 410) is removed when a push meets it.
 */

import type { Agent } from 'node:https';
import type { PushSubscriptionJson } from '@amora/common';
import webpush from 'web-push';
import type { Clock } from '../clock.js';
import type { Db } from '../db/index.js';
import { fieldError } from '../errors.js';
import type { VapidKeys } from './keys.js';
import * as queries from './queries.js';

/** How long a push service keeps an undelivered push for an offline browser. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
const PUSH_TIMEOUT_MS = 10_000;

export interface PushDeps {
  db: Db;
  clock: Clock;
  vapid: VapidKeys;
  /** Who the push services may contact about our pushes (VAPID subject). */
  contact: string;
  /** Outside production, push endpoints may be on this machine (the tests' push service). */
  allowLocalEndpoints: boolean;
  /** How to reach push services; the tests' agent trusts their local service's certificate. */
  agent?: Agent;
}

/** A push service is a public https address; anything else would make the server call where it was told. */
function endpointAllowed(endpoint: string, allowLocal: boolean): boolean {
  const url = new URL(endpoint);
  if (allowLocal && url.protocol === 'https:' && url.hostname === 'localhost') return true;
  const ipLiteral = /^[\d.]+$/.test(url.hostname) || url.hostname.includes(':') || url.hostname.startsWith('[');
  return url.protocol === 'https:' && !ipLiteral && url.hostname.includes('.') && !url.hostname.endsWith('.local');
}

export function createPushService({ db, clock, vapid, contact, allowLocalEndpoints, agent }: PushDeps) {
  return {
    pushPublicKey: vapid.publicKey,

    /** Keeps the browser's subscription for the member; null forgets the member's subscriptions. */
    async setPushSubscription(userId: number, subscription: PushSubscriptionJson | null) {
      if (!subscription) {
        await queries.deleteSubscriptionsOf(db, userId);
        return;
      }
      if (!endpointAllowed(subscription.endpoint, allowLocalEndpoints))
        throw fieldError('subscription.endpoint', 'invalid');
      await queries.upsertSubscription(db, {
        user_id: userId,
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        created_at: clock.now().toISOString(),
      });
    },

    async hasPushSubscription(userId: number): Promise<boolean> {
      return (await queries.subscriptionsOf(db, userId)).length > 0;
    },

    /**
     * Sends a push to each of the member's browsers; returns how many took it. The payload is
     * made only for a member who has a browser to push to.
     */
    async push(userId: number, payload: object | (() => Promise<object>)): Promise<number> {
      const subscriptions = await queries.subscriptionsOf(db, userId);
      if (subscriptions.length === 0) return 0;
      const body = JSON.stringify(typeof payload === 'function' ? await payload() : payload);
      let delivered = 0;
      for (const subscription of subscriptions) {
        try {
          await webpush.sendNotification(
            { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
            body,
            {
              vapidDetails: { subject: contact, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
              TTL: PUSH_TTL_SECONDS,
              timeout: PUSH_TIMEOUT_MS,
              ...(agent && { agent }),
            },
          );
          delivered++;
        } catch (error) {
          const status = (error as { statusCode?: number }).statusCode;
          // The browser unsubscribed or the subscription expired: it will never take a push again.
          if (status === 404 || status === 410) await queries.deleteSubscriptionById(db, subscription.id);
        }
      }
      return delivered;
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
