/** What the notification services are made with, and the member a notification goes to. */

import type { ChatService } from '../chat/service.js';
import type { AccountsService, NotificationTarget } from '../identity/accounts/service.js';
import type { LikesService } from '../likes/service.js';
import type { MembersService } from '../members/profiles/service.js';
import type { LinkKeys } from '../platform/config.js';
import type { EventBus } from '../platform/events/bus.js';
import type { EventOf, EventType } from '../platform/events/catalogue.js';
import type { JobQueue } from '../platform/jobs/queue.js';
import type { MailService } from '../platform/mail/service.js';
import type { Site } from '../platform/site.js';
import type { SitesService } from '../sites/service.js';
import type { PushDeps } from './push.js';

export interface NotificationsDeps extends PushDeps {
  /** Sign the unsubscribe links in mails, and verify them. */
  linkKeys: LinkKeys;
  /** Mails of one kind for one member wait this long, so what happens meanwhile goes in the same mail. */
  mailBundleDelayMs: number;
  publicUrl: string;
  accounts: AccountsService;
  members: MembersService;
  chat: ChatService;
  likes: LikesService;
  sites: SitesService;
  mail: MailService;
  jobs: JobQueue;
  events: EventBus;
}

export interface Recipient {
  target: NotificationTarget;
  member: NonNullable<Awaited<ReturnType<AccountsService['memberById']>>>;
  site: Site;
}

/** How the service subscribes its handlers to the bus (see `on` in service.ts). */
export type OnEvent = <T extends EventType>(
  type: T,
  handler: (event: EventOf<T>, eventId: number | null) => Promise<void>,
) => void;
