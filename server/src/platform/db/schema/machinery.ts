/** The platform's own tables: the event outbox, jobs, deployment keys and sent mails. */
import type { Generated } from 'kysely';

/** Domain events written with the change they tell of, published from here (events/outbox.ts). */
export interface EventOutboxTable {
  id: Generated<number>;
  type: string;
  payload: string;
  created_at: string;
  claimed_until: string | null;
  attempts: Generated<number>;
  handled_at: string | null;
  published_at: string | null;
}

export interface JobsTable {
  id: Generated<number>;
  name: string;
  key: string | null;
  /** JSON. */
  data: string;
  run_at: string;
  attempts: Generated<number>;
  locked_until: string | null;
  last_error: string | null;
  failed_at: string | null;
  created_at: string;
}

/** A key the deployment keeps in the database when the environment leaves it out (never in production). */
export interface DeploymentKeysTable {
  /** `vapid` (JSON of the pair) or `link_signing` (base64url). */
  name: string;
  value: string;
  created_at: string;
}

export interface MailsTable {
  id: Generated<number>;
  site_id: number | null;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  /** JSON: the mail's extra headers (List-Unsubscribe). */
  headers: Generated<string>;
  created_at: string;
}
