/**
 * SEPA direct debit: the payer's account and address, confirmed with a one-time code texted to
 * their phone; then a mandate on the account and the collection on it, pending until the bank pays.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import {
  DIRECT_DEBIT_CODE_ATTEMPTS,
  DIRECT_DEBIT_CODE_LENGTH,
  DIRECT_DEBIT_CODE_MINUTES,
  DIRECT_DEBIT_MONTHLY_MAX,
  DIRECT_DEBIT_OPEN_MAX,
  type DirectDebitForm,
  type DirectDebitRequest,
  normaliseIban,
  normalisePhone,
} from '@amora/common';
import type { Member } from '../../identity/member.js';
import { addDays, addMinutes } from '../../platform/clock.js';
import type { RequestContext } from '../../platform/context.js';
import { DomainError, fieldError } from '../../platform/errors.js';
import { translator } from '../../platform/i18n.js';
import type { Site } from '../../platform/site.js';
import type { Checkout } from './checkout.js';
import type { PaymentsDeps } from './deps.js';
import type { Offers } from './offers.js';
import { atProvider } from './provider.js';
import * as queries from './queries.js';

function codeHash(userId: number, code: string): string {
  return createHash('sha256').update(`${userId}:${code}`).digest('hex');
}

/** A phone number with all but its last three digits hidden. */
function maskedPhone(phone: string): string {
  return `${phone.slice(0, 3)}${'•'.repeat(Math.max(0, phone.length - 6))}${phone.slice(-3)}`;
}

export function createDirectDebit({ db, clock, provider, texter }: PaymentsDeps, offers: Offers, checkout: Checkout) {
  /**
   * What a direct debit must pass before a code is sent and again before it is made: the bundle
   * and discount on offer by direct debit, an account not refused, and the member's limits.
   */
  async function checked(site: Site, member: Member, form: DirectDebitForm) {
    const country = await offers.paymentCountry(site, member);
    const price = await offers.priced(
      site,
      member,
      { bundle_id: form.bundle_id, method: 'directdebit', discount_code: form.discount_code },
      country,
    );
    const iban = normaliseIban(form.iban);
    const phone = normalisePhone(form.phone);
    if (!phone) throw fieldError('phone', 'phone_invalid');
    if ((await queries.isIbanBlocked(db, iban)) || (await queries.hasChargeback(db, member.userId))) {
      throw new DomainError('directdebit_blocked');
    }
    const counts = await queries.directDebitCounts(db, member.userId, addDays(clock.now(), -30).toISOString());
    if (counts.open >= DIRECT_DEBIT_OPEN_MAX || counts.recent >= DIRECT_DEBIT_MONTHLY_MAX) {
      throw new DomainError('directdebit_limit');
    }
    return { iban, phone, country, price };
  }

  /** Uses the member's texted code once, for the account and phone it was sent for; tries are counted. */
  async function useCode(userId: number, otp: string, iban: string, phone: string) {
    const now = clock.now().toISOString();
    const sent = await queries.tryDirectDebitCode(db, userId, now, DIRECT_DEBIT_CODE_ATTEMPTS);
    const given = Buffer.from(codeHash(userId, otp));
    const matches =
      sent !== undefined &&
      timingSafeEqual(Buffer.from(sent.code_hash), given) &&
      sent.iban === iban &&
      sent.phone === phone;
    if (!matches || !(await queries.useDirectDebitCode(db, sent.id, now))) throw new DomainError('otp_invalid');
  }

  return {
    /** Texts a one-time code to the form's phone, once the direct debit passes its checks. */
    async directDebitCode(ctx: RequestContext, member: Member, form: DirectDebitForm) {
      if (!texter) throw new DomainError('directdebit_unavailable');
      const { iban, phone } = await checked(ctx.site, member, form);
      const code = String(randomInt(0, 10 ** DIRECT_DEBIT_CODE_LENGTH)).padStart(DIRECT_DEBIT_CODE_LENGTH, '0');
      const now = clock.now();
      const expires = addMinutes(now, DIRECT_DEBIT_CODE_MINUTES);
      await queries.replaceDirectDebitCode(db, {
        user_id: member.userId,
        code_hash: codeHash(member.userId, code),
        iban,
        phone,
        expires_at: expires.toISOString(),
        created_at: now.toISOString(),
      });
      const text = translator(ctx.locale)('mail:texts.directDebitCode', {
        site: ctx.site.name,
        code,
        minutes: DIRECT_DEBIT_CODE_MINUTES,
      });
      await texter.send(phone, text);
      return { phone: maskedPhone(phone), expires: expires.toISOString() };
    },

    /**
     * A direct debit confirmed with the texted code: a SEPA mandate on the account, then the
     * collection on it, pending until the bank pays (days, at the sandbox seconds).
     */
    async directDebit(ctx: RequestContext, member: Member, input: DirectDebitRequest) {
      const made = await checkout.earlier(member, input.client_id);
      if (made) return made;
      if (!texter) throw new DomainError('directdebit_unavailable');
      const { iban, phone, country, price } = await checked(ctx.site, member, input);
      await useCode(member.userId, input.otp, iban, phone);
      const sequence = await atProvider(async () => {
        const customerId =
          (await queries.customerOf(db, member.userId, provider.name)) ??
          (await provider.createCustomer({ name: input.account_holder, email: member.email }));
        const mandateId = await provider.createMandate(customerId, { holder: input.account_holder, iban });
        return { type: 'recurring' as const, customerId, mandateId };
      });
      return checkout.begin(ctx, member, {
        clientId: input.client_id,
        country,
        price,
        method: 'directdebit',
        sequence,
        directDebit: {
          iban,
          account_holder: input.account_holder,
          street: input.street,
          house_number: input.house_number,
          zip: input.zip,
          city: input.city,
          phone,
        },
      });
    },
  };
}
