/**
 * Discount codes in the back office: admins list a site's codes with how often each is used, add
 * one, change it or expire it; a member then uses it, or is told it is gone. Nobody else may.
 */
import { describe, expect, it } from 'vitest';
import { loggedInMember, staffClient, type TestClient, useTestApp } from './helpers.js';

const t = useTestApp();

const list = async (staff: TestClient) => {
  const response = await staff.get(`/api/staff/discounts.php?site=${t.site.id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().codes as { id: number; code: string; percentage: number; used: number; status: string }[];
};
const add = (staff: TestClient, body: object) =>
  staff.post('/api/staff/discounts.php', { site: t.site.id, validity: 'once_per_user', percentage: 20, ...body });
const change = (staff: TestClient, body: object) => staff.put('/api/staff/discounts.php', body);

let codeNumber = 0;
const codeName = () => `SPRING${Date.now() % 100000}${++codeNumber}`;

describe('discount codes', () => {
  it('adds a code members can use, in capitals, and logs it', async () => {
    const admin = await staffClient(t, 'admin');
    const name = codeName();
    const added = await add(admin, { code: name.toLowerCase(), percentage: 15, last_day: '2099-12-31' });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().code).toMatchObject({
      code: name,
      percentage: 15,
      status: 'active',
      used: 0,
      expires: '2099-12-31T23:59:59.999Z',
    });
    expect((await list(admin)).map((code) => code.code)).toContain(name);

    const member = await loggedInMember(t);
    const looked = await member.visitor.get(`/api/discountcode.php?code=${name.toLowerCase()}`);
    expect(looked.statusCode, looked.body).toBe(200);
    expect(looked.json()).toMatchObject({ code: name, value_percentage: 15 });

    const [logged] = await t.db
      .selectFrom('staff_log')
      .select(['action', 'changes'])
      .where('record', '=', `discount:${added.json().code.id}`)
      .execute();
    expect(logged).toEqual({
      action: 'discount.add',
      changes: JSON.stringify({ code: [null, name], percentage: [null, 15] }),
    });
  });

  it('changes and expires a code: members are told it is gone', async () => {
    const admin = await staffClient(t, 'admin');
    const name = codeName();
    const { id } = (await add(admin, { code: name })).json().code;
    const changed = await change(admin, { id, percentage: 30, minimum_order_value: 1000 });
    expect(changed.json().code).toMatchObject({ percentage: 30, minimum_order_value: 1000 });
    expect((await change(admin, { id, status: 'inactive' })).json().code.status).toBe('inactive');
    const member = await loggedInMember(t);
    expect((await member.visitor.get(`/api/discountcode.php?code=${name}`)).json().error).toBe('discount_not_found');
    const rows = await t.db
      .selectFrom('staff_log')
      .select('changes')
      .where('record', '=', `discount:${id}`)
      .where('action', '=', 'discount.change')
      .orderBy('id')
      .execute();
    expect(rows.map((row) => row.changes)).toEqual([
      JSON.stringify({ percentage: [20, 30], minimum_order_value: [0, 1000] }),
      JSON.stringify({ status: ['active', 'inactive'] }),
    ]);
  });

  it('refuses a name in use and bad values with the field, changing nothing', async () => {
    const admin = await staffClient(t, 'admin');
    const name = codeName();
    await add(admin, { code: name });
    const before = (await list(admin)).length;
    const refusals: [object, string, string][] = [
      [{ code: name.toLowerCase() }, 'code', 'discount_code_taken'],
      [{ code: 'A B' }, 'code', 'invalid'],
      [{ code: 'x'.repeat(41) }, 'code', 'invalid'],
      [{ code: 'NUL\u0000CODE' }, 'code', 'control_characters'],
      [{ code: codeName(), percentage: 0 }, 'percentage', 'invalid'],
      [{ code: codeName(), percentage: 100 }, 'percentage', 'invalid'],
      [{ code: codeName(), validity: 'forever' }, 'validity', 'invalid_choice'],
      [{ code: codeName(), country: 'ZZ' }, 'country', 'invalid_choice'],
      [{ code: codeName(), last_day: '2026-13-45' }, 'last_day', 'invalid'],
      [{ code: codeName(), methods: ['cash'] }, 'methods.0', 'invalid_choice'],
      [{ code: codeName(), site: 999_999 }, 'site', 'invalid_choice'],
    ];
    for (const [body, field, code] of refusals) {
      const response = await add(admin, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().fields[field]?.code, JSON.stringify(body)).toBe(code);
    }
    expect((await list(admin)).length).toBe(before);
    expect((await change(admin, { id: 999_999, status: 'inactive' })).statusCode).toBe(404);
  });

  it('adds a name once when it is sent 20 times at once', async () => {
    const admin = await staffClient(t, 'admin');
    const name = codeName();
    const answers = await Promise.all(Array.from({ length: 20 }, () => add(admin, { code: name })));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.json().fields?.code?.code === 'discount_code_taken')).toHaveLength(19);
    expect((await list(admin)).filter((code) => code.code === name)).toHaveLength(1);
  });

  it('is for admins only', async () => {
    const member = await loggedInMember(t);
    for (const caller of [await staffClient(t, 'moderator'), await staffClient(t, 'operator'), member.visitor]) {
      expect((await caller.get('/api/staff/discounts.php')).statusCode).toBe(403);
      expect((await add(caller, { code: codeName() })).statusCode).toBe(403);
      expect((await change(caller, { id: 1, status: 'inactive' })).statusCode).toBe(403);
    }
  });
});
