import { createAccountsService } from './accounts/service.js';
import type { Clock } from './clock.js';
import { createCreditsService } from './credits/service.js';
import type { Db } from './db/index.js';
import type { Mailer } from './mail/mailer.js';
import { createMailService } from './mail/service.js';
import { createMembersService } from './members/service.js';
import { createSitesService } from './sites/service.js';

export function createServices({ db, clock, mailer }: { db: Db; clock: Clock; mailer: Mailer }) {
  const sites = createSitesService(db);
  const members = createMembersService(db, clock);
  const credits = createCreditsService(db, clock);
  const mail = createMailService(mailer, sites);
  const accounts = createAccountsService({ db, clock, members, credits, mail });
  return { sites, members, credits, mail, accounts };
}

export type Services = ReturnType<typeof createServices>;
