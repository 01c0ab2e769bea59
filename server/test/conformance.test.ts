/**
 * The API keeps to its OpenAPI document: every operation the document lists is called with input
 * made from the document's own schemas, valid and broken, by a visitor, a member and an operator.
 * No answer is a server error; each status is one the document lists for the operation, with a
 * body its schema for that status takes; and only a call the document says needs the client header
 * is refused for lacking it. A fixed seed and a few runs per operation keep this to seconds.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { REQUEST_TYPE_CLIENT, REQUEST_TYPE_HEADER, SESSION_COOKIE } from '@amora/common';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STAFF_COOKIE } from '../src/identity/staff/session.js';
import { buildMember, buildPhotos, client, loggedIn, makePremium, type Response, useTestApp } from './helpers.js';
import { departureFromSchemas } from './input-rules.js';
import {
  type Operation,
  openApiDocument,
  operationsOf,
  requiresClientHeader,
  type Schema,
  schemaErrors,
} from './openapi.js';
import { arbitraryOf, brokenInputOf, type Input, validInputOf } from './schema-arbitraries.js';

const SEED = 33;
/** Runs per operation, caller and kind of input (valid, broken). */
const RUNS = 6;

/** Who calls: the cookies they send, and how they sign in again when a call ended their session. */
interface Caller {
  name: string;
  cookies: Record<string, string>;
  signIn(): Promise<void>;
}

const t = useTestApp({ env: { RATE_LIMIT_SCALE: '1000' } });

/** A member with credits and photos, writing to another member and to a hosted profile an operator has claimed. */
async function buildWorld() {
  const member = await buildMember(t.services, { credits: 500 });
  await makePremium(t, member);
  const other = await buildMember(t.services);
  const hosted = await t.services.members.createHostedProfile({
    site_id: t.site.id,
    name: 'Hosted',
    date_of_birth: '1990-01-01',
  });
  const photos = [
    ...(await buildPhotos(t.services, member, 2)),
    ...(await buildPhotos(t.services, other, 1)),
    ...(await buildPhotos(t.services, { ...other, profileId: hosted.id }, 2)),
  ];
  const asMember = await loggedIn(t.app, member);
  const conversations: number[] = [];
  for (const profileId of [other.profileId, hosted.id]) {
    const sent = await asMember.post('/api/chat.php', { client_id: randomUUID(), profile_id: profileId, text: 'Hoi' });
    expect(sent.statusCode, sent.body).toBe(200);
    conversations.push(sent.json().conversation);
  }
  const operatorLogin = { email: `operator-${randomUUID()}@amora.test`, password: 'a-long-staff-password' };
  await t.services.staff.addStaff({ ...operatorLogin, name: 'Operator', role: 'operator' });

  const memberCaller: Caller = {
    name: 'member',
    cookies: {},
    async signIn() {
      this.cookies = { [SESSION_COOKIE]: (await loggedIn(t.app, member)).cookie(SESSION_COOKIE) ?? '' };
    },
  };
  const operatorCaller: Caller = {
    name: 'operator',
    cookies: {},
    async signIn() {
      const operator = client(t.app);
      expect((await operator.post('/api/staff/login.php', operatorLogin)).statusCode).toBe(200);
      this.cookies = { [STAFF_COOKIE]: operator.cookie(STAFF_COOKIE) ?? '' };
    },
  };
  await memberCaller.signIn();
  await operatorCaller.signIn();
  const claimed = await client(t.app, { cookies: operatorCaller.cookies }).post('/api/staff/claim.php', {
    conversation: conversations[1],
  });
  expect(claimed.statusCode, claimed.body).toBe(200);
  const visitor: Caller = { name: 'visitor', cookies: {}, signIn: async () => {} };
  return {
    callers: { visitor, member: memberCaller, operator: operatorCaller },
    // Ids that name something, so valid input reaches past "not found" too.
    knownIds: [member.profileId, other.profileId, hosted.id, ...conversations, ...photos],
    // The other member's address (never the caller's: failed logins would lock the caller out).
    knownTexts: [other.email],
  };
}

function urlOf(operation: Operation, input: Input): string {
  const query = new URLSearchParams(input.query).toString();
  return query ? `${operation.path}?${query}` : operation.path;
}

async function call(operation: Operation, caller: Caller, input: Input, clientHeader: boolean): Promise<Response> {
  const headers: Record<string, string> = { ...input.headers };
  if (clientHeader) headers[REQUEST_TYPE_HEADER] = REQUEST_TYPE_CLIENT;
  if (input.body !== undefined) headers['content-type'] = input.contentType;
  return t.app.inject({
    method: operation.method,
    url: urlOf(operation, input),
    headers,
    cookies: caller.cookies,
    remoteAddress: `10.${[...randomBytes(3)].join('.')}`,
    ...(input.body !== undefined && {
      payload: typeof input.body === 'string' ? input.body : JSON.stringify(input.body),
    }),
  });
}

/** What in an answer breaks the document, or null. */
function departureFromDocument(operation: Operation, response: Response): string | null {
  const { statusCode: status, body } = response;
  if (status >= 500) return `answered ${status}: ${body.slice(0, 300)}`;
  const documented = operation.responses[status];
  if (!documented) return `answered ${status}, which the document does not list: ${body.slice(0, 300)}`;
  const schema: Schema | undefined = documented.content?.['application/json']?.schema;
  if (!schema) return body === '' ? null : `answered ${status} with a body the document does not have`;
  const answer = response.json();
  const errors = schemaErrors(schema, answer);
  if (errors.length > 0) return `answered ${status} with ${body.slice(0, 300)}, against its schema: ${errors}`;
  if (answer.error === 'request_type_missing' && !requiresClientHeader(operation)) {
    return 'refused a call without the client header, which the document does not require';
  }
  return null;
}

/** A session a call ended (logout.php, staff/logout.php) is opened again for the next call. */
async function keepSignedIn(caller: Caller, response: Response) {
  const ended = response.cookies.some(
    (cookie) =>
      cookie.name in caller.cookies &&
      (cookie.value === '' ||
        cookie.maxAge === 0 ||
        (cookie.expires?.getTime() ?? Number.POSITIVE_INFINITY) <= Date.now()),
  );
  if (ended) await caller.signIn();
}

/** Whether `operation` answers `caller` as documented, for runs of `inputs`; the failures found. */
async function departures(
  operation: Operation,
  caller: Caller,
  kind: 'valid' | 'broken',
  inputs: fc.Arbitrary<Input>,
): Promise<string[]> {
  // Now and then without the client header, as a link on another site would call.
  const clientHeader = fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, fc.constant(false));
  const property = fc.asyncProperty(inputs, clientHeader, async (input, header) => {
    const response = await call(operation, caller, input, header);
    await keepSignedIn(caller, response);
    const departure =
      departureFromDocument(operation, response) ?? departureFromSchemas(operation, kind, input, response);
    if (departure) throw new Error(departure);
  });
  try {
    await fc.assert(property, { seed: SEED, numRuns: RUNS, endOnFailure: true });
    return [];
  } catch (error) {
    const { message, cause } = error as Error;
    return [
      `${operation.method} ${operation.path} as ${caller.name}: ${(cause as Error | undefined)?.message}\n${message}`,
    ];
  }
}

describe('every operation of the OpenAPI document', () => {
  it.each(['visitor', 'member', 'operator'] as const)(
    'answers the %s as documented, for valid and for broken input',
    async (callerName) => {
      const world = await buildWorld();
      const caller = world.callers[callerName];
      const operations = operationsOf(await openApiDocument(t.app));
      const found: string[] = [];
      for (const operation of operations) {
        const valid = validInputOf(operation, world);
        found.push(...(await departures(operation, caller, 'valid', valid)));
        found.push(...(await departures(operation, caller, 'broken', brokenInputOf(operation, valid))));
      }
      expect(found).toEqual([]);
    },
    // A few hundred calls: seconds alone, longer beside other test files on a busy machine.
    60_000,
  );

  it('answers every method a path of the document does not list with 405 and the methods it does', async () => {
    const operations = operationsOf(await openApiDocument(t.app));
    const methodsOf = new Map<string, string[]>();
    for (const { path, method } of operations) methodsOf.set(path, [...(methodsOf.get(path) ?? []), method]);
    const wrong: string[] = [];
    for (const [path, methods] of methodsOf) {
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((each) => !methods.includes(each))) {
        const response = await t.app.inject({
          method: method as 'GET',
          url: path,
          headers: { [REQUEST_TYPE_HEADER]: REQUEST_TYPE_CLIENT },
        });
        const allow = response.headers.allow?.toString().split(', ') ?? [];
        if (response.statusCode !== 405 || !methods.every((each) => allow.includes(each)))
          wrong.push(`${method} ${path}: ${response.statusCode}, allow ${allow.join(', ')}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('makes input from the schemas that the schemas take', () => {
    const schema: Schema = {
      type: 'object',
      properties: {
        id: { type: 'integer', minimum: 0, exclusiveMinimum: true, maximum: 10 },
        name: { type: 'string', minLength: 1, maxLength: 5, pattern: '^[^\\u0000-\\u001f]*$' },
        kind: { type: 'string', enum: ['a', 'b'] },
        note: { type: 'string', nullable: true },
      },
      required: ['id', 'name'],
      additionalProperties: false,
    };
    const arbitrary = arbitraryOf(schema, { knownIds: [3, 99], knownTexts: ['toolong'] });
    for (const value of fc.sample(arbitrary, { seed: SEED, numRuns: 50 })) {
      expect(schemaErrors(schema, value)).toEqual([]);
    }
  });
});
