import { createBackoffice } from './backoffice/service.js';
import { createChatService } from './chat/service.js';
import { createComplaintsService } from './complaints/service.js';
import { createExportsService } from './exports/service.js';
import { createAccountsService } from './identity/accounts/service.js';
import { createCredentialsService } from './identity/credentials/service.js';
import { createLifecycleService } from './identity/lifecycle/service.js';
import { createAccountLinks } from './identity/links/service.js';
import { createPasskeysService } from './identity/passkeys/service.js';
import { createSessionsService } from './identity/sessions/service.js';
import { createAuditLog } from './identity/staff/audit.js';
import { createStaffService } from './identity/staff/service.js';
import { createLandersService } from './landers/service.js';
import { createLikesService } from './likes/service.js';
import { createPhotosService } from './members/photos/service.js';
import { createMembersService } from './members/profiles/service.js';
import { createSafetyService } from './members/safety/service.js';
import { createVisibilityPolicy } from './members/safety/visibility.js';
import { createSearchService } from './members/search/service.js';
import { createModerationService } from './moderation/service.js';
import { createCreditsService } from './money/credits/service.js';
import type { PaymentProvider } from './money/payments/provider.js';
import { createSandboxProvider } from './money/payments/sandbox.js';
import { createPaymentsService } from './money/payments/service.js';
import type { NotificationsDeps } from './notifications/deps.js';
import { createNotificationsService } from './notifications/service.js';
import { createOperatorsService } from './operators/service.js';
import type { Clock } from './platform/clock.js';
import type { Config } from './platform/config.js';
import type { Db } from './platform/db/index.js';
import { createEventBus, type EventBus } from './platform/events/bus.js';
import { createDbQueue } from './platform/jobs/db-queue.js';
import type { JobQueue } from './platform/jobs/queue.js';
import { loadDeploymentKeys } from './platform/keys/deployment-keys.js';
import type { Mailer } from './platform/mail/mailer.js';
import { createMailService } from './platform/mail/service.js';
import { createCdnPurge } from './platform/media/purge.js';
import type { MediaStore } from './platform/media/store.js';
import { createMetrics, type Metrics } from './platform/metrics/registry.js';
import { createDevTextbox, type Texter } from './platform/texts/texter.js';
import { createRealtimeHub } from './realtime/hub.js';
import { createSitesService } from './sites/service.js';

export interface ServiceDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  /** Where photos and members' data exports are kept (DATA_DIR/media, or a bucket). */
  media: MediaStore;
  /** Where removed public photos' addresses are POSTed for the CDN to forget; none when not given. */
  cdnPurgeUrl?: string | null;
  /** The domain event bus; in this process when not given. */
  events?: EventBus;
  /** The background job queue; in the database when not given. Its owner starts and closes it. */
  jobs?: JobQueue;
  /** The payment provider; the sandbox when not given. */
  paymentProvider?: PaymentProvider;
  /** Sends text messages; the dev outbox when not given, null where none may be sent. */
  texter?: Texter | null;
  /** What the services count for GET /metrics; counted unread when not given (the command-line tools). */
  metrics?: Metrics;
  /**
   * Notifications: the deployment's VAPID keys and push contact, the keys of unsubscribe links, the
   * public address for mailed links, and in tests their own push service.
   */
  notifications: NotificationsSetup;
}

export type NotificationsSetup = Pick<
  NotificationsDeps,
  'vapid' | 'contact' | 'linkKeys' | 'publicUrl' | 'localService' | 'mailBundleDelayMs'
>;

/**
 * Notifications as the configuration has them: the deployment's keys (from the environment, else
 * the migrated database), PUBLIC_URL's host as push contact.
 */
export async function notificationsSetup(config: Config, db: Db, clock: Clock): Promise<NotificationsSetup> {
  const keys = await loadDeploymentKeys(config, db, clock);
  return {
    vapid: keys.vapid,
    linkKeys: keys.link,
    contact: `mailto:push@${new URL(config.publicUrl).hostname}`,
    publicUrl: config.publicUrl,
    mailBundleDelayMs: config.mailBundleSeconds * 1000,
  };
}

export function createServices({
  db,
  clock,
  mailer,
  media,
  cdnPurgeUrl = null,
  events = createEventBus({ db }),
  jobs = createDbQueue({ db, clock }),
  paymentProvider = createSandboxProvider(db, clock),
  texter = createDevTextbox(db, clock),
  metrics = createMetrics(),
  notifications: notificationsSetup,
}: ServiceDeps) {
  const sites = createSitesService(db, clock, {
    pushPublicKey: notificationsSetup.vapid.publicKey,
    publicUrl: notificationsSetup.publicUrl,
    events,
  });
  const visibility = createVisibilityPolicy(db);
  const members = createMembersService(db, clock, visibility, events);
  const moderation = createModerationService({ db, clock, events });
  const safety = createSafetyService(db, clock, visibility, moderation);
  const search = createSearchService(db, clock, notificationsSetup.linkKeys);
  const landers = createLandersService({ search, members });
  const purge = createCdnPurge({ jobs, purgeUrl: cdnPurgeUrl });
  const photos = createPhotosService({ db, clock, store: media, visibility, events, sites, purge });
  const credits = createCreditsService(db, clock, events);
  const mail = createMailService({ mailer, sites, jobs, failures: metrics.mails });
  const passkeys = createPasskeysService({ db, clock });
  const links = createAccountLinks({ db, clock, members, mail });
  const sessions = createSessionsService({ db, clock, events, passkeys, links, signIns: metrics.signIns('member') });
  const accounts = createAccountsService({ db, clock, members, credits, events, links, sessions, passkeys });
  const credentials = createCredentialsService({ db, clock, members, events, links, sessions, passkeys });
  const lifecycle = createLifecycleService({ db, clock, members, credits, events, links, sessions, credentials });
  const likes = createLikesService({
    db,
    clock,
    members,
    search,
    visibility,
    events,
    linkKeys: notificationsSetup.linkKeys,
  });
  const chat = createChatService({ db, clock, credits, members, search, visibility, events, media });
  const realtime = createRealtimeHub(events, sessions);
  const complaints = createComplaintsService({ db, clock, mail, moderation });
  const notifications = createNotificationsService({
    db,
    clock,
    ...notificationsSetup,
    accounts,
    members,
    chat,
    likes,
    sites,
    mail,
    jobs,
    events,
  });
  const payments = createPaymentsService({
    db,
    clock,
    provider: paymentProvider,
    credits,
    accounts,
    members,
    sites,
    texter,
    events,
    jobs,
    webhooks: metrics.paymentWebhooks(paymentProvider.name),
  });
  const audit = createAuditLog(db, clock);
  const staff = createStaffService({ db, clock, audit, mail, signIns: metrics.signIns('staff') });
  const operators = createOperatorsService({
    db,
    clock,
    chat,
    members,
    photos,
    sites,
    accounts,
    staffAccounts: staff,
    audit,
  });
  const backoffice = createBackoffice({
    db,
    clock,
    events,
    chat,
    members,
    payments,
    photos,
    sites,
    accounts,
    sessions,
    credentials,
    lifecycle,
    credits,
    moderation,
    safety,
    complaints,
    staffAccounts: staff,
    operators,
    audit,
  });
  const exports = createExportsService({
    db,
    clock,
    jobs,
    events,
    store: media,
    accounts,
    members,
    photos,
    likes,
    chat,
    credits,
    payments,
    notifications,
    safety,
    sites,
    mail,
  });
  return {
    events,
    jobs,
    /** The media store, for the command-line tools and the tests that look at what is kept. */
    media,
    sites,
    visibility,
    members,
    safety,
    search,
    landers,
    photos,
    credits,
    mail,
    accounts,
    sessions,
    credentials,
    lifecycle,
    passkeys,
    likes,
    chat,
    realtime,
    complaints,
    moderation,
    staff,
    operators,
    backoffice,
    payments,
    notifications,
    exports,
  };
}

export type Services = ReturnType<typeof createServices>;
