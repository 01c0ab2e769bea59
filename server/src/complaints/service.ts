/** Complaints: filed once per form (its client_id), confirmed by mail, decided by moderators as a case. */
import type { ComplaintRequest } from '@amora/common';
import type { ModerationService } from '../moderation/service.js';
import type { Clock } from '../platform/clock.js';
import type { RequestContext } from '../platform/context.js';
import type { Db } from '../platform/db/index.js';
import { translator } from '../platform/i18n.js';
import type { MailService } from '../platform/mail/service.js';
import * as queries from './queries.js';

export function createComplaintsService({
  db,
  clock,
  mail,
  moderation,
}: {
  db: Db;
  clock: Clock;
  mail: MailService;
  moderation: ModerationService;
}) {
  /**
   * The confirmation, in the language the complaint was written in. Anyone may send the form with
   * any address, so the mail repeats nothing the sender typed, not even the name it greets.
   */
  async function confirm(ctx: RequestContext, number: number, input: ComplaintRequest) {
    const t = translator(ctx.locale);
    await mail.sendAccountMail({
      site: ctx.site,
      to: input.email,
      locale: ctx.locale,
      name: null,
      kind: 'complaint',
      link: `${ctx.origin}/complaints`,
      params: { number, category: t(`app:complaints.categories.${input.category}`) },
    });
  }

  return {
    /** Files the complaint (a member's is linked to the account) and answers its number. */
    async file(ctx: RequestContext, userId: number | null, input: ComplaintRequest): Promise<{ number: number }> {
      const number = await db.transaction().execute(async (trx) => {
        const filed = await queries.insertComplaint(trx, {
          site_id: ctx.site.id,
          user_id: userId,
          name: input.name,
          email: input.email,
          category: input.category,
          reference: input.reference || null,
          message: input.message,
          locale: ctx.locale,
          client_id: input.client_id,
          created_at: clock.now().toISOString(),
        });
        if (filed !== undefined) {
          await moderation.open(trx, {
            siteId: ctx.site.id,
            kind: 'complaint',
            sourceId: filed,
            subjectProfileId: null,
          });
        }
        return filed;
      });
      if (number !== undefined) {
        await confirm(ctx, number, input);
        return { number };
      }
      // Sent before (a retry, or the same form twice at once): the first one stands, mailed once.
      const earlier = await queries.complaintIdByClientId(db, ctx.site.id, input.client_id);
      if (earlier === undefined) throw new Error(`complaint ${input.client_id} neither filed nor found`);
      return { number: earlier };
    },

    /** Complaints as moderators read them. */
    byIds: (ids: number[]) => queries.complaintsByIds(db, ids),
  };
}

export type ComplaintsService = ReturnType<typeof createComplaintsService>;
