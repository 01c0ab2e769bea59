/** The back office's desks, each by name: every one checks its own rights and logs what staff do. */

import type { ChatService } from '../chat/service.js';
import type { ComplaintsService } from '../complaints/service.js';
import type { AccountsService } from '../identity/accounts/service.js';
import type { CredentialsService } from '../identity/credentials/service.js';
import type { LifecycleService } from '../identity/lifecycle/service.js';
import type { SessionsService } from '../identity/sessions/service.js';
import type { AuditLog } from '../identity/staff/audit.js';
import { staffMediaUrl } from '../identity/staff/media-path.js';
import type { StaffService } from '../identity/staff/service.js';
import type { PhotosService } from '../members/photos/service.js';
import type { MembersService } from '../members/profiles/service.js';
import type { SafetyService } from '../members/safety/service.js';
import type { ModerationService } from '../moderation/service.js';
import type { CreditsService } from '../money/credits/service.js';
import type { PaymentsService } from '../money/payments/service.js';
import type { OperatorsService } from '../operators/service.js';
import type { Clock } from '../platform/clock.js';
import type { Db } from '../platform/db/index.js';
import type { EventBus } from '../platform/events/bus.js';
import { siteNamesOf } from '../sites/names.js';
import type { SitesService } from '../sites/service.js';
import { createCaseDesk } from './cases/service.js';
import { createDiscountDesk } from './codes/service.js';
import { createDashboardDesk } from './dashboard/service.js';
import { createLogDesk } from './log/service.js';
import { createMemberDesk } from './members/service.js';
import { createPaymentDesk } from './payments/service.js';
import { createPhotoDesk } from './photos/service.js';
import { createBundleDesk } from './prices/service.js';
import { createSiteDesk } from './sites/service.js';
import { createTeamDesk } from './team/service.js';

export function createBackoffice(deps: {
  db: Db;
  clock: Clock;
  events: EventBus;
  chat: ChatService;
  members: MembersService;
  payments: PaymentsService;
  photos: PhotosService;
  sites: SitesService;
  accounts: AccountsService;
  sessions: SessionsService;
  credentials: CredentialsService;
  lifecycle: LifecycleService;
  credits: CreditsService;
  moderation: ModerationService;
  safety: SafetyService;
  complaints: ComplaintsService;
  staffAccounts: StaffService;
  operators: OperatorsService;
  audit: AuditLog;
}) {
  const log = deps.audit;
  const namesOfSites = (ids: number[]) => siteNamesOf(deps.sites, ids);
  return {
    dashboard: createDashboardDesk(deps),
    members: createMemberDesk({ ...deps, log, siteNamesOf: namesOfSites, mediaUrl: staffMediaUrl }),
    photos: createPhotoDesk({ ...deps, log, siteNamesOf: namesOfSites }),
    cases: createCaseDesk({ ...deps, log, siteNamesOf: namesOfSites }),
    payments: createPaymentDesk({ ...deps, log, siteNamesOf: namesOfSites }),
    prices: createBundleDesk({ ...deps, log }),
    codes: createDiscountDesk({ ...deps, log, siteNamesOf: namesOfSites }),
    sites: createSiteDesk({ ...deps, log }),
    team: createTeamDesk(deps),
    log: createLogDesk(deps),
  };
}
