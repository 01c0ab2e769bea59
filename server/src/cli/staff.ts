/**
 * `npm run staff -- add EMAIL --role operator [--name NAME]` creates a staff account (operator or
 * admin) and prints its first password, unless STAFF_PASSWORD gives one, and the link of its
 * invitation to set up an authenticator app; `npm run staff -- list`
 * shows them. Staff sign in at /staff on any site's domain. `npm run staff -- refund PAYMENT_ID
 * --by ADMIN_EMAIL --reason TEXT` refunds a purchase within its site's refund_days and takes back
 * the credits left of it, as that admin, in the audit log with the reason. `npm run staff --
 * reset-two-step EMAIL` forgets an account's authenticator app and recovery codes, ends its sessions
 * and prints a new invitation's link, for the one admin who lost theirs (others ask an admin, on
 * the Team page).
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { STAFF_ROLES } from '@amora/common';
import { INVITATION_HOURS } from '../identity/staff/invitations.js';
import { StaffRefused } from '../identity/staff/service.js';
import type { StaffRole } from '../platform/db/schema.js';
import { DomainError } from '../platform/errors.js';
import { failWith, withDatabase } from './tool.js';

const fail: (message: string) => never = failWith('staff');
const USAGE = `usage: npm run staff -- add <email> --role <${STAFF_ROLES.join('|')}> [--name <name>] | list | refund <payment-id> --by <admin email> --reason <text> | reset-two-step <email>`;

function parse() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        role: { type: 'string' },
        name: { type: 'string' },
        by: { type: 'string' },
        reason: { type: 'string' },
      },
    });
  } catch (error) {
    return fail(`${(error as Error).message}\n${USAGE}`);
  }
}

/** The invitation's link, for the operator at the shell to pass on with the password. */
function printInvitation(token: string | null) {
  console.log(
    `Invitation to set up the authenticator app, once, within ${INVITATION_HOURS} hours, on any site's address:\n` +
      `/staff/invitation?token=${token}`,
  );
}

const { values, positionals } = parse();
const [command, email] = positionals;
const known =
  (command === 'list' && positionals.length === 1) ||
  (command === 'add' && positionals.length === 2) ||
  (command === 'reset-two-step' && positionals.length === 2) ||
  (command === 'refund' && positionals.length === 2 && /^\d+$/.test(positionals[1] ?? ''));
if (!known) fail(USAGE);

await withDatabase(fail, async ({ services, engine, where }) => {
  if (command === 'list') {
    for (const member of await services.staff.listStaff()) {
      console.log(
        `${member.id}\t${member.email}\t${member.name}\t${member.role}` +
          `${member.totp_secret ? '\ttwo-step' : ''}${member.disabled_at ? '\tdisabled' : ''}`,
      );
    }
    return;
  }
  if (command === 'reset-two-step') {
    const invitation = email ? await services.staff.resetTwoStepByCommand(email) : null;
    if (!invitation) fail(`${email} is no staff account`);
    console.log(`${email} has no authenticator app and no recovery codes now; its sessions have ended.`);
    printInvitation(invitation);
    return;
  }
  if (command === 'refund') {
    const reason = values.reason?.trim();
    if (!values.by || !reason) fail(USAGE);
    const admin = await services.staff.byEmail(values.by);
    if (!admin) fail(`${values.by} is no active staff account`);
    try {
      const { transaction, creditsTaken } = await services.backoffice.payments.refund(
        admin,
        Number(positionals[1]),
        reason,
      );
      console.log(
        `Payment ${transaction.id} is ${transaction.status}: ${transaction.amount} ${transaction.currency} minor units ` +
          `refunded, ${creditsTaken} of its ${transaction.credits} credits taken back.`,
      );
    } catch (error) {
      if (error instanceof DomainError && error.code === 'forbidden') fail(`${admin.email} is no admin`);
      if (error instanceof DomainError) fail(String(error.params.reason ?? error.code));
      throw error;
    }
    return;
  }
  const role = values.role as StaffRole | undefined;
  if (!email || !role) fail(USAGE);
  const given = process.env.STAFF_PASSWORD;
  const password = given || randomBytes(12).toString('base64url');
  try {
    const added = await services.staff.addStaff({
      email,
      name: values.name ?? email.split('@')[0] ?? email,
      password,
      role,
    });
    console.log(`Added ${added.role} ${added.email} (id ${added.id}) in ${engine}: ${where}.`);
    if (!given) console.log(`First password: ${password}`);
    printInvitation(await services.staff.inviteByCommand(added.id));
  } catch (error) {
    if (error instanceof StaffRefused) fail(error.message);
    throw error;
  }
});
