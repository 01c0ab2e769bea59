/**
 * Web push to a member's browsers. Subscriptions are kept per browser endpoint; one the push
 * service no longer knows (404, 410), or one at an address that is not public, is removed when a
 * push meets it.
 */

import type { Agent } from 'node:https';
import type { PushSubscriptionJson } from '@amora/common';
import type { Selectable } from 'kysely';
import webpush from 'web-push';
import type { Clock } from '../platform/clock.js';
import type { VapidKeys } from '../platform/config.js';
import type { Db } from '../platform/db/index.js';
import type { PushSubscriptionsTable } from '../platform/db/schema.js';
import { fieldError } from '../platform/errors.js';
import type { JobQueue } from '../platform/jobs/queue.js';
import { ADDRESS_REFUSED, isPublicEndpoint, publicPushAgent } from './push-addresses.js';
import * as queries from './queries.js';

/** How long a push service keeps an undelivered push for an offline browser. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
const PUSH_TIMEOUT_MS = 10_000;

/** The tests' own push service on this machine: its origin (`https://localhost:port`) and an agent that trusts it. */
export interface LocalPushService {
  origin: string;
  agent: Agent;
}

export interface PushDeps {
  db: Db;
  clock: Clock;
  vapid: VapidKeys;
  /** Who the push services may contact about our pushes (VAPID subject). */
  contact: string;
  /** The one push service allowed at an address that is not public; only code passes it, no setting does. */
  localService?: LocalPushService;
  jobs: JobQueue;
}

declare module '../platform/jobs/queue.js' {
  interface JobTypes {
    'notify.push': { subscriptionId: number; body: string };
  }
}

type Delivery = 'delivered' | 'gone' | 'failed';

export function createPushService({ db, clock, vapid, contact, localService, jobs }: PushDeps) {
  const isLocalService = (endpoint: string) => new URL(endpoint).origin === localService?.origin;

  /** How a push reaches the endpoint; null for an endpoint no push may go to. */
  function agentFor(endpoint: string): Agent | null {
    if (localService && isLocalService(endpoint)) return localService.agent;
    return isPublicEndpoint(endpoint) ? publicPushAgent : null;
  }

  async function deliver(subscription: Selectable<PushSubscriptionsTable>, body: string): Promise<Delivery> {
    const agent = agentFor(subscription.endpoint);
    if (!agent) return 'gone';
    try {
      await webpush.sendNotification(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        body,
        {
          vapidDetails: { subject: contact, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
          TTL: PUSH_TTL_SECONDS,
          timeout: PUSH_TIMEOUT_MS,
          agent,
        },
      );
      return 'delivered';
    } catch (error) {
      const { statusCode, code } = error as { statusCode?: number; code?: string };
      // The browser unsubscribed or the subscription expired: it will never take a push again.
      // Nor will an endpoint whose name leads to an address that is not public.
      return statusCode === 404 || statusCode === 410 || code === ADDRESS_REFUSED ? 'gone' : 'failed';
    }
  }

  jobs.handle('notify.push', async ({ subscriptionId, body }) => {
    const subscription = await queries.subscriptionById(db, subscriptionId);
    if (!subscription) return;
    const outcome = await deliver(subscription, body);
    if (outcome === 'gone') await queries.deleteSubscriptionById(db, subscription.id);
    if (outcome === 'failed') throw new Error(`the push service of subscription ${subscriptionId} took no push`);
  });

  return {
    pushPublicKey: vapid.publicKey,

    /** Keeps the browser's subscription for the member; null forgets the member's subscriptions. */
    async setPushSubscription(userId: number, subscription: PushSubscriptionJson | null) {
      if (!subscription) {
        await queries.deleteSubscriptionsOf(db, userId);
        return;
      }
      if (!isLocalService(subscription.endpoint) && !isPublicEndpoint(subscription.endpoint)) {
        throw fieldError('subscription.endpoint', 'invalid');
      }
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
     * Queues a push to each of a member's browsers (their subscriptions' ids), each a job of its own
     * tried again while its push service fails; `key` (the event's) makes the same push queued twice
     * one job. The payload is made only when there is a browser to push to.
     */
    async push(browsers: number[], payload: () => Promise<object>, key: string): Promise<void> {
      if (browsers.length === 0) return;
      const body = JSON.stringify(await payload());
      for (const subscriptionId of browsers) {
        await jobs.add('notify.push', { subscriptionId, body }, { key: `${key}-${subscriptionId}` });
      }
    },
  };
}
