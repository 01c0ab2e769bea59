import { createAccountsService } from './accounts/service.js';
import type { Clock } from './clock.js';
import { createCreditsService } from './credits/service.js';
import type { Db } from './db/index.js';
import type { Mailer } from './mail/mailer.js';
import { createMailService } from './mail/service.js';
import { createPhotosService } from './members/photos.js';
import { createSearchService } from './members/search.js';
import { createMembersService } from './members/service.js';
import { createSitesService } from './sites/service.js';

export interface ServiceDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  /** Where photo files are kept (DATA_DIR/media). */
  mediaRoot: string;
}

export function createServices({ db, clock, mailer, mediaRoot }: ServiceDeps) {
  const sites = createSitesService(db);
  const members = createMembersService(db, clock);
  const search = createSearchService(db, clock);
  const photos = createPhotosService(db, clock, mediaRoot);
  const credits = createCreditsService(db, clock);
  const mail = createMailService(mailer, sites);
  const accounts = createAccountsService({ db, clock, members, credits, mail });
  return { sites, members, search, photos, credits, mail, accounts };
}

export type Services = ReturnType<typeof createServices>;
