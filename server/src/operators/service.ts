/**
 * Operators: they answer members who write to hosted profiles, as those profiles, from an inbox
 * (inbox.ts); admins keep the hosted profiles and their persona sheets (hosted.ts).
 */

import type { ChatService } from '../chat/service.js';
import type { AccountsService } from '../identity/accounts/service.js';
import type { AuditLog } from '../identity/staff/audit.js';
import { STAFF_MEDIA_PREFIX, staffMediaUrl } from '../identity/staff/media-path.js';
import type { StaffService } from '../identity/staff/service.js';
import type { PhotosService } from '../members/photos/service.js';
import type { MembersService } from '../members/profiles/service.js';
import type { Clock } from '../platform/clock.js';
import type { Db } from '../platform/db/index.js';
import { siteNamesOf } from '../sites/names.js';
import type { SitesService } from '../sites/service.js';
import { createHostedProfiles } from './hosted.js';
import { createInbox } from './inbox.js';

/** Chat photos as operators see them: under the staff media path, which knows who holds the conversation. */
const OPERATOR_MEDIA_PREFIX = STAFF_MEDIA_PREFIX.slice(0, -1);

export function createOperatorsService(deps: {
  db: Db;
  clock: Clock;
  chat: ChatService;
  members: MembersService;
  photos: PhotosService;
  sites: SitesService;
  accounts: AccountsService;
  staffAccounts: StaffService;
  audit: AuditLog;
}) {
  const hosted = createHostedProfiles({
    ...deps,
    log: deps.audit,
    siteNamesOf: (ids) => siteNamesOf(deps.sites, ids),
    mediaUrl: staffMediaUrl,
  });
  const inbox = createInbox({
    ...deps,
    log: deps.audit,
    personaSheet: hosted.personaSheet,
    savePersona: hosted.savePersona,
    mediaPrefix: OPERATOR_MEDIA_PREFIX,
  });
  return { inbox, hosted };
}

export type OperatorsService = ReturnType<typeof createOperatorsService>;
