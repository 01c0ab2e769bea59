/**
 * The staff door comes before the input: on every staff route of the table, a visitor, a member
 * and a staff member without the route's right are refused (403) before the body or the query is
 * read, so broken or hostile input tells them nothing about what the route takes.
 */
import { type StaffRight, staffMay } from '@amora/common';
import { ALL_ROUTES, type RouteDefinition } from '@amora/common/routes';
import { describe, expect, it } from 'vitest';
import { client, loggedInMember, type Response, staffClient, type TestClient, useTestApp } from './helpers.js';

const t = useTestApp();

const staffRoutes = ALL_ROUTES.filter(
  (route): route is RouteDefinition & { access: { staff: StaffRight | StaffRight[] | 'signed-in' } } =>
    typeof route.access === 'object',
);

/** The route called with input no schema takes: a broken JSON body, or a query of wrong types with a NUL byte. */
function brokenCall(caller: TestClient, route: RouteDefinition): Promise<Response> {
  if (route.method === 'GET') return caller.get(`${route.path}?id=x%00&page=-1&site=%zz`);
  const call = caller[route.method.toLowerCase() as 'post'] as TestClient['post'];
  return call(route.path, Buffer.from('{"id": "x\u0000", "broken":'), {
    headers: { 'content-type': 'application/json' },
  });
}

function expectRefused(response: Response, route: RouteDefinition, code: string) {
  expect(response.statusCode, `${route.method} ${route.path}: ${response.body}`).toBe(403);
  expect(response.json().error, `${route.method} ${route.path}`).toBe(code);
  expect(response.json()).not.toHaveProperty('fields');
}

describe('the staff door', () => {
  it('has staff routes to keep', () => {
    expect(staffRoutes.length).toBeGreaterThan(40);
  });

  it('refuses visitors and members before reading the input of any staff route', async () => {
    const visitor = client(t.app);
    const { visitor: member } = await loggedInMember(t);
    for (const route of staffRoutes) {
      expectRefused(await brokenCall(visitor, route), route, 'staff_login_required');
      expectRefused(await brokenCall(member, route), route, 'staff_login_required');
    }
  });

  it('refuses an operator before reading the input of a route that needs a right operators lack', async () => {
    const operator = await staffClient(t, 'operator');
    const beyond = staffRoutes.filter(({ access }) => {
      const door = access.staff;
      const rights: StaffRight[] = door === 'signed-in' ? [] : typeof door === 'string' ? [door] : door;
      return rights.length > 0 && !rights.some((right) => staffMay('operator', right));
    });
    expect(beyond.length).toBeGreaterThan(20);
    for (const route of beyond) expectRefused(await brokenCall(operator, route), route, 'forbidden');
  });
});
