/**
 * `npm run staff -- add EMAIL --role operator [--name NAME]` creates a staff account (operator or
 * admin) and prints its first password, unless STAFF_PASSWORD gives one; `npm run staff -- list`
 * shows them. Staff sign in at /staff on any site's domain.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { StaffRole } from '../db/schema.js';
import { STAFF_ROLES, StaffRefused } from '../staff/service.js';
import { failWith, withDatabase } from './tool.js';

const fail: (message: string) => never = failWith('staff');
const USAGE = `usage: npm run staff -- add <email> --role <${STAFF_ROLES.join('|')}> [--name <name>] | list`;

function parse() {
  try {
    return parseArgs({ allowPositionals: true, options: { role: { type: 'string' }, name: { type: 'string' } } });
  } catch (error) {
    return fail(`${(error as Error).message}\n${USAGE}`);
  }
}

const { values, positionals } = parse();
const [command, email] = positionals;
if (!(command === 'list' && positionals.length === 1) && !(command === 'add' && positionals.length === 2)) fail(USAGE);

await withDatabase(fail, async ({ services, engine, where }) => {
  if (command === 'list') {
    for (const member of await services.staff.listStaff()) {
      console.log(
        `${member.id}\t${member.email}\t${member.name}\t${member.role}${member.disabled_at ? '\tdisabled' : ''}`,
      );
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
  } catch (error) {
    if (error instanceof StaffRefused) fail(error.message);
    throw error;
  }
});
