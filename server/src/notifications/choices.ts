/** A member's notification choices: each type by mail and by push, and the marketing consents kept with them. */
import {
  isMarketing,
  NOTIFICATION_TYPES,
  type NotificationPreference,
  type NotificationsUpdate,
  type NotificationType,
} from '@amora/common';
import type { Clock } from '../platform/clock.js';
import type { Db } from '../platform/db/index.js';
import type { MarketingConsentsTable } from '../platform/db/schema.js';
import * as queries from './queries.js';

const CHANNELS = ['mail', 'push'] as const;
/** Where a marketing consent was given or withdrawn. */
type ConsentSource = MarketingConsentsTable['source'];

/** Every type's choice from the stored ones; without one stored, on, except marketing, which waits for consent. */
function preferencesFrom(rows: { type: string; mail: number; push: number }[]): NotificationPreference[] {
  return NOTIFICATION_TYPES.map((type) => {
    const row = rows.find((each) => each.type === type);
    const unchosen = !isMarketing(type);
    return { type, mail: row ? row.mail === 1 : unchosen, push: row ? row.push === 1 : unchosen };
  });
}

export function createChoices({ db, clock }: { db: Db; clock: Clock }) {
  async function preferences(userId: number, trx: Db = db): Promise<NotificationPreference[]> {
    return preferencesFrom(await queries.preferencesOf(trx, userId));
  }

  /** The member's choices and their browsers to push to, read at once: what a notification asks first. */
  async function choicesAndBrowsers(userId: number) {
    const { choices, browsers } = await queries.choicesAndBrowsersOf(db, userId);
    return { choices: preferencesFrom(choices), browsers };
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

  return { preferences, choicesAndBrowsers, choose, chosen, wants };
}
