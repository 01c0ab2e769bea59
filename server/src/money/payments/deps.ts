import type { AccountsService } from '../../identity/accounts/service.js';
import type { MembersService } from '../../members/profiles/service.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/index.js';
import type { EventBus } from '../../platform/events/bus.js';
import type { JobQueue } from '../../platform/jobs/queue.js';
import type { Texter } from '../../platform/texts/texter.js';
import type { SitesService } from '../../sites/service.js';
import type { CreditsService } from '../credits/service.js';
import type { PaymentProvider } from './provider.js';

/** What the payments service and its parts (checkout, direct debit, states, refunds) are made with. */
export interface PaymentsDeps {
  db: Db;
  clock: Clock;
  provider: PaymentProvider;
  credits: CreditsService;
  accounts: AccountsService;
  members: MembersService;
  sites: SitesService;
  /** Sends direct debit codes; null where texts cannot be sent (no direct debit then). */
  texter: Texter | null;
  events: EventBus;
  jobs: JobQueue;
  /** Told of each call of the provider's webhook: the operators' metrics watch that they keep coming. */
  webhooks: { received(): void };
}
