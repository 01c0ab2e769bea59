/**
 * Recovery codes: ten shown once when the authenticator app is set up, kept only as hashes, each
 * signing in once in place of the app's code (the phone is lost, broken or left at home).
 */
import { randomInt } from 'node:crypto';
import type { Db } from '../../platform/db/index.js';
import { hashSecret } from '../secrets.js';

const RECOVERY_CODE_COUNT = 10;
/** No 0/o, 1/l/i: a code is read off paper and typed in. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** 12 characters of 31: 59 bits, more than anyone can guess in the five tries a password gives. */
const GROUPS = 3;
const GROUP_LENGTH = 4;

/** A recovery code as it is kept and compared: lower case, without the dashes and spaces it is shown or typed with. */
const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

/** Whether a code given at the second step is a recovery code rather than the app's six digits. */
export const isRecoveryCode = (code: string) =>
  new RegExp(`^[${ALPHABET}]{${GROUPS * GROUP_LENGTH}}$`).test(normaliseRecoveryCode(code));

function newCode(): string {
  const group = () => Array.from({ length: GROUP_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return Array.from({ length: GROUPS }, group).join('-');
}

/** New codes for the account, in the caller's transaction: the ones it had before no longer work. */
export async function replaceRecoveryCodes(trx: Db, staffId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await trx.deleteFrom('staff_recovery_codes').where('staff_id', '=', staffId).execute();
  await trx
    .insertInto('staff_recovery_codes')
    .values(
      codes.map((code) => ({ staff_id: staffId, code_hash: hashSecret(normaliseRecoveryCode(code)), used_at: null })),
    )
    .execute();
  return codes;
}

/** Takes one of the account's unused codes, in one statement: a code signs in once. */
export async function useRecoveryCode(db: Db, staffId: number, code: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('staff_recovery_codes')
    .set({ used_at: now })
    .where('staff_id', '=', staffId)
    .where('code_hash', '=', hashSecret(normaliseRecoveryCode(code)))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The account's app is forgotten: its codes go with it. */
export async function dropRecoveryCodes(trx: Db, staffId: number): Promise<void> {
  await trx.deleteFrom('staff_recovery_codes').where('staff_id', '=', staffId).execute();
}
