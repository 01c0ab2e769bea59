/**
 * Every write of an account's row tells every instance (issue 50): what they keep of it with a
 * session (sessions/kept-sessions.ts) is dropped once the change is committed and relayed, and the
 * relay resolves only once they all did, so no answer after the change's shows the account as it was.
 */
import type { Db } from '../../platform/db/index.js';
import type { UserRow } from '../../platform/db/schema.js';
import type { EventBus } from '../../platform/events/bus.js';

type AccountOf = Pick<UserRow, 'id' | 'site_id'>;

/** In the transaction of the change; relay after the commit. */
export async function recordAccountChange(events: EventBus, trx: Db, user: AccountOf): Promise<void> {
  await events.record(trx, { type: 'account.changed', siteId: user.site_id, userId: user.id });
}

/** After a change made outside a transaction. */
export async function publishAccountChange(events: EventBus, user: AccountOf): Promise<void> {
  await events.publish({ type: 'account.changed', siteId: user.site_id, userId: user.id });
}
