/** The mails sent whatever the member's choices: about their account (payments, photos) and moderation's letters. */
import type { Locale } from '@amora/common';
import type { CaseLetter } from '../platform/events/catalogue.js';
import { translator } from '../platform/i18n.js';
import type { Site } from '../platform/site.js';
import type { NotificationsDeps, OnEvent, Recipient } from './deps.js';

/** The statements of reasons, by who gets one: each side of a report, a complainant, a member staff acted on. */
type CaseMailKind = 'statement_reporter' | 'statement_subject' | 'statement_complaint' | 'statement_initiative';

interface LetterDeps extends Pick<NotificationsDeps, 'sites' | 'mail'> {
  on: OnEvent;
  recipientOf(userId: number | null): Promise<Recipient | null>;
  nameOf(profileId: number): Promise<string>;
  originOf(site: Site): Promise<string>;
}

export function registerLetters({ sites, mail, on, recipientOf, nameOf, originOf }: LetterDeps) {
  /**
   * A mail about the member's own account, money or profile: sent whatever their notification
   * choices, in their language. `params` gets the member's translator for texts within the mail.
   */
  async function mailAboutAccount(
    userId: number,
    kind: 'payment_refused' | 'photo_rejected',
    path: string,
    params: (t: ReturnType<typeof translator>) => Record<string, string | number>,
  ) {
    const recipient = await recipientOf(userId);
    if (!recipient) return;
    const { target, member, site } = recipient;
    await mail.sendAccountMail({
      site,
      to: target.email,
      locale: target.locale,
      name: await nameOf(member.profileId),
      kind,
      link: `${await originOf(site)}${path}`,
      params: params(translator(target.locale)),
    });
  }

  on('payment.refused', (event) =>
    mailAboutAccount(event.userId, 'payment_refused', `/transactions/${event.paymentId}`, (t) => ({
      number: event.paymentId,
      credits: event.credits,
      reason: t(`mail:payment_refused.reasons.${event.refusal}`),
    })),
  );

  on('photo.rejected', (event) =>
    mailAboutAccount(event.userId, 'photo_rejected', '/profile', (t) => ({
      count: event.photos,
      reason: t(`mail:photo_rejected.reasons.${event.rejection}`),
    })),
  );

  /**
   * A moderation mail: to a member's account in their language, or to the address a complaint came
   * from (who may have no account) in the complaint's language. Sent whatever their choices.
   */
  async function mailCaseLetter(
    siteId: number,
    letter: Omit<CaseLetter, 'token'>,
    kind: CaseMailKind | 'appeal_decided',
    path: string,
    params: (t: ReturnType<typeof translator>, locale: Locale) => Record<string, string | number>,
  ) {
    const site = await sites.findById(siteId);
    if (!site) return;
    let to = letter.email;
    let locale = letter.locale;
    let name: string | null = null;
    if (letter.userId !== null) {
      const recipient = await recipientOf(letter.userId);
      if (!recipient) return;
      to = recipient.target.email;
      locale = recipient.target.locale;
      name = await nameOf(recipient.member.profileId);
    }
    if (!to) return;
    await mail.sendAccountMail({
      site,
      to,
      locale,
      name,
      kind,
      link: `${await originOf(site)}${path}`,
      params: params(translator(locale), locale),
    });
  }

  const longDate = (iso: string, locale: Locale) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
  const teamNote = (t: ReturnType<typeof translator>, explanation: string | null) =>
    explanation ? t('mail:statement_note', { explanation }) : '';

  /** The statement of reasons (DSA Art. 17): what was decided, on what ground, by a person, and how to appeal. */
  on('case.decided', async (event) => {
    for (const letter of event.letters) {
      const kind = {
        complaint: 'statement_complaint',
        initiative: 'statement_initiative',
        report: letter.party === 'subject' ? 'statement_subject' : 'statement_reporter',
      }[event.kind] as CaseMailKind;
      await mailCaseLetter(event.siteId, letter, kind, `/appeal/${letter.token}`, (t, locale) => ({
        date: longDate(event.filedAt, locale),
        reason:
          event.kind === 'complaint'
            ? t(`app:complaints.categories.${event.reason}`)
            : t(`members:report.reasons.${event.reason}`),
        profile: event.subjectName ?? '',
        outcome: t(`mail:${kind}.outcomes.${event.measure ?? 'dismissed'}`),
        note: teamNote(t, event.explanation),
      }));
    }
  });

  on('appeal.decided', (event) =>
    mailCaseLetter(event.siteId, event.letter, 'appeal_decided', '/', (t) => ({
      outcome: t(
        `mail:appeal_decided.outcomes.${event.outcome === 'upheld' ? 'upheld' : `reversed_${event.letter.party}`}`,
      ),
      note: teamNote(t, event.explanation),
    })),
  );
}
