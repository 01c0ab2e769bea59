/**
 * Passkeys (WebAuthn): the ceremonies with the browser and the passkeys a member keeps. Every site
 * is its own relying party: its RP id is the host name the request came to and the only origin it
 * accepts is that site's origin (the one its mailed links point to). Challenges wait in the
 * database, so any instance checks an answer, and each is taken once.
 */

import {
  deviceName,
  type Locale,
  PASSKEY_CHALLENGE_MINUTES,
  PASSKEY_NAME_MAX_LENGTH,
  type Passkey,
} from '@amora/common';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { accountActor, permits } from '../../access/authorize.js';
import { addMinutes, type Clock } from '../../platform/clock.js';
import type { RequestContext } from '../../platform/context.js';
import { type Db, isUniqueViolation } from '../../platform/db/index.js';
import type { PasskeyPurpose, PasskeyRow } from '../../platform/db/schema.js';
import { DomainError } from '../../platform/errors.js';
import { translator } from '../../platform/i18n.js';
import { lockUser } from '../accounts/queries.js';
import { hasPassword } from '../credentials/passwords.js';
import { deviceOf } from '../sessions/devices.js';
import * as queries from './queries.js';

/** The relying party a request speaks to: its site's host name and origin. */
function relyingParty(ctx: RequestContext) {
  return { id: new URL(ctx.origin).hostname, origin: ctx.origin };
}

const refused = () => new DomainError('passkey_refused');

/** The challenge a browser's answer signed, read from its client data; null when unreadable. */
function signedChallenge(clientDataJSON: string): string | null {
  try {
    const clientData = JSON.parse(isoBase64URL.toUTF8String(clientDataJSON)) as { challenge?: unknown };
    return typeof clientData.challenge === 'string' ? clientData.challenge : null;
  } catch {
    return null;
  }
}

/** A passkey's name from the browser that added it, as settings name a device: "Chrome on Android". */
function defaultPasskeyName(userAgent: string | null, locale: Locale): string {
  const t = translator(locale);
  const device = deviceOf(userAgent);
  const name = device.browser || device.system ? deviceName(t, device) : t('app:settings.passkeys.title');
  return name.slice(0, PASSKEY_NAME_MAX_LENGTH);
}

function shown(row: PasskeyRow): Passkey {
  return { id: row.id, name: row.name, created_at: row.created_at, last_used_at: row.last_used_at };
}

const transportsOf = (row: PasskeyRow) => JSON.parse(row.transports) as string[];

/** Options as the API answers them: JSON for navigator.credentials, its challenge at least. */
const asOptionsJson = (options: { challenge: string }) => options as { challenge: string } & Record<string, unknown>;

export function createPasskeysService({ db, clock }: { db: Db; clock: Clock }) {
  const nowIso = () => clock.now().toISOString();

  async function newChallenge(ctx: RequestContext, purpose: PasskeyPurpose, userId: number | null, challenge: string) {
    await queries.insertPasskeyChallenge(
      db,
      {
        challenge,
        site_id: ctx.site.id,
        purpose,
        user_id: userId,
        expires_at: addMinutes(clock.now(), PASSKEY_CHALLENGE_MINUTES).toISOString(),
      },
      nowIso(),
    );
  }

  /**
   * Takes the challenge an answer signed, once: it must be one this site gave for this purpose (and
   * this member, when it was given to one), unexpired and unused. Returns the challenge.
   */
  async function takeChallenge(
    ctx: RequestContext,
    clientDataJSON: string,
    purpose: PasskeyPurpose,
    userId: number | null,
  ): Promise<string> {
    const challenge = signedChallenge(clientDataJSON);
    if (!challenge) throw refused();
    const row = await queries.consumePasskeyChallenge(db, { challenge, siteId: ctx.site.id, purpose, now: nowIso() });
    if (!row || row.user_id !== userId) throw refused();
    return challenge;
  }

  /** The library refuses a wrong origin, RP id, signature or counter by throwing; all are a refusal here. */
  async function refusedOnError<T>(verification: Promise<T>): Promise<T> {
    try {
      return await verification;
    } catch {
      throw refused();
    }
  }

  /** Checks an answer to a sign-in or confirmation against the passkey it names; false when it does not hold. */
  async function assertionHolds(
    ctx: RequestContext,
    response: AuthenticationResponseJSON,
    purpose: 'login' | 'confirm',
    passkey: PasskeyRow,
    challengeFor: number | null,
  ): Promise<boolean> {
    const rp = relyingParty(ctx);
    try {
      const expectedChallenge = await takeChallenge(ctx, response.response.clientDataJSON, purpose, challengeFor);
      const counter = Number(passkey.counter);
      const { verified, authenticationInfo } = await refusedOnError(
        verifyAuthenticationResponse({
          response,
          expectedChallenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          credential: {
            id: passkey.credential_id,
            publicKey: isoBase64URL.toBuffer(passkey.public_key),
            counter,
            transports: transportsOf(passkey),
          },
        }),
      );
      if (!verified) return false;
      return queries.markPasskeyUsed(
        db,
        { id: passkey.id, counter },
        { counter: authenticationInfo.newCounter, at: nowIso() },
      );
    } catch (error) {
      if (error instanceof DomainError) return false;
      throw error;
    }
  }

  return {
    async list(userId: number): Promise<Passkey[]> {
      return (await queries.passkeysOf(db, userId)).map(shown);
    },

    /** Options for adding a passkey; the member's passkeys are excluded, so one authenticator adds one. */
    async registrationOptions(ctx: RequestContext, member: { userId: number; email: string; name: string }) {
      const passkeys = await queries.passkeysOf(db, member.userId);
      const options = await generateRegistrationOptions({
        rpName: ctx.site.name,
        rpID: relyingParty(ctx).id,
        userName: member.email,
        userDisplayName: member.name,
        userID: new TextEncoder().encode(String(member.userId)),
        attestationType: 'none',
        excludeCredentials: passkeys.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
        // A passkey stands in for the password, so the device must check it is the member (screen lock).
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      await newChallenge(ctx, 'register', member.userId, options.challenge);
      return asOptionsJson(options);
    },

    /**
     * Adds the passkey the browser made to the member's account. Its challenge is taken once, so
     * the same answer sent again adds nothing; a credential any account has already is refused.
     */
    async register(
      ctx: RequestContext,
      userId: number,
      input: { credential: RegistrationResponseJSON; name?: string },
      userAgent: string | null,
    ): Promise<Passkey> {
      const rp = relyingParty(ctx);
      const expectedChallenge = await takeChallenge(ctx, input.credential.response.clientDataJSON, 'register', userId);
      const { verified, registrationInfo } = await refusedOnError(
        verifyRegistrationResponse({
          response: input.credential,
          expectedChallenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
        }),
      );
      if (!verified) throw refused();
      const { credential } = registrationInfo;
      const row = {
        user_id: userId,
        credential_id: credential.id,
        public_key: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: JSON.stringify(input.credential.response.transports ?? []),
        name: input.name ?? defaultPasskeyName(userAgent, ctx.locale),
        created_at: nowIso(),
        last_used_at: null,
      };
      try {
        const id = await queries.insertPasskey(db, row);
        return shown({ ...row, id });
      } catch (error) {
        throw isUniqueViolation(error) ? new DomainError('passkey_taken') : error;
      }
    },

    async rename(userId: number, passkeyId: number, name: string) {
      if (!(await queries.renamePasskey(db, userId, passkeyId, name))) throw new DomainError('not_found');
    },

    /** Removes a passkey; not the last one of a member without a password, who could not sign in again. */
    async remove(userId: number, passkeyId: number) {
      await db.transaction().execute(async (trx) => {
        const user = await lockUser(trx, userId);
        const passkeys = await queries.passkeysOf(trx, userId);
        if (!user || !passkeys.some((row) => row.id === passkeyId)) throw new DomainError('not_found');
        if (!hasPassword(user) && passkeys.length === 1) throw new DomainError('last_passkey');
        await queries.deletePasskey(trx, userId, passkeyId);
      });
    },

    /**
     * Options for answering with a passkey: any passkey of the site to sign in (the browser offers
     * the member's), or one of the member's own to confirm a change.
     */
    async authenticationOptions(ctx: RequestContext, purpose: 'login' | 'confirm', userId: number | null) {
      const passkeys = userId === null ? [] : await queries.passkeysOf(db, userId);
      const options = await generateAuthenticationOptions({
        rpID: relyingParty(ctx).id,
        allowCredentials: passkeys.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
        userVerification: 'required',
      });
      await newChallenge(ctx, purpose, userId, options.challenge);
      return asOptionsJson(options);
    },

    /** The passkey an answer names, if it belongs to an account of this site (with that account's address key). */
    ownerOf: (ctx: RequestContext, credentialId: string) => queries.findPasskeyOnSite(db, ctx.site.id, credentialId),

    /** Whether a sign-in answer holds for the passkey it names (found with ownerOf). */
    signInHolds: (ctx: RequestContext, response: AuthenticationResponseJSON, passkey: PasskeyRow) =>
      assertionHolds(ctx, response, 'login', passkey, null),

    /** Whether a member confirmed a change with one of their own passkeys, just now. */
    async confirms(ctx: RequestContext, userId: number, response: AuthenticationResponseJSON): Promise<boolean> {
      const passkey = await queries.findPasskeyOnSite(db, ctx.site.id, response.id);
      if (!passkey || !permits(accountActor(userId), 'passkey.use', { ownerUserId: passkey.user_id })) return false;
      return assertionHolds(ctx, response, 'confirm', passkey, userId);
    },
  };
}

export type PasskeysService = ReturnType<typeof createPasskeysService>;
