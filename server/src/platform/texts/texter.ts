/**
 * Text messages (SMS), for the codes that confirm a direct debit: sent through an HTTP gateway
 * when SMS_URL is set, otherwise kept in the dev outbox (shown at /dev/mailbox) outside production.
 */
import type { Clock } from '../clock.js';
import type { Db } from '../db/index.js';

export interface Texter {
  send(to: string, body: string): Promise<void>;
}

/** Development: texts are stored, not sent. */
export function createDevTextbox(db: Db, clock: Clock): Texter {
  return {
    async send(to, body) {
      await db.insertInto('texts').values({ recipient: to, body, created_at: clock.now().toISOString() }).execute();
    },
  };
}

const GATEWAY_TIMEOUT_MS = 10_000;

/**
 * A gateway that takes `POST { "to": "+31612345678", "text": "…" }` as JSON and answers 2xx once
 * it has the message; the URL carries its credentials (https://user:key@sms.example/send).
 */
export function createHttpTexter(url: string): Texter {
  const target = new URL(url);
  const authorization =
    target.username || target.password
      ? `Basic ${Buffer.from(`${decodeURIComponent(target.username)}:${decodeURIComponent(target.password)}`).toString('base64')}`
      : null;
  target.username = '';
  target.password = '';
  return {
    async send(to, text) {
      const response = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization && { authorization }) },
        body: JSON.stringify({ to, text }),
        signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`the text gateway answered ${response.status}`);
    },
  };
}
