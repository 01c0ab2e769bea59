/**
 * GET /api/openapi.json describes the API as it behaves: the client header where the server asks
 * for it, each operation's error answers in the catalogue's shape with the codes they may carry,
 * and a staff answer as a text or a photo, never both.
 */
import { ALL_ROUTES } from '@amora/common/routes';
import { describe, expect, it } from 'vitest';
import { client, loggedInMember, useTestApp } from './helpers.js';
import { type Operation, openApiDocument, operationsOf, requiresClientHeader, schemaErrors } from './openapi.js';

const t = useTestApp();

async function operations() {
  return operationsOf(await openApiDocument(t.app));
}

function operation(all: Operation[], method: string, path: string): Operation {
  const found = all.find((each) => each.method === method && each.path === path);
  if (!found) throw new Error(`the document has no ${method} ${path}`);
  return found;
}

/** The catalogue codes the document lets an error answer of `status` carry. */
function codesOf(operation: Operation, status: number): unknown[] {
  const schema = operation.responses[status]?.content?.['application/json']?.schema;
  return schema?.properties?.error?.enum ?? [];
}

/** A call as a link on another site makes it: no client header, no session, an empty JSON body. */
function withoutClientHeader({ method, path }: Operation) {
  const visitor = client(t.app);
  const options = { clientHeader: false };
  if (method === 'GET') return visitor.get(path, options);
  if (method === 'POST') return visitor.post(path, {}, options);
  if (method === 'PUT') return visitor.put(path, {}, options);
  return visitor.delete(path, {}, options);
}

/**
 * Documented calls the app's client does not make: the activation link a mail holds (it answers
 * with a redirect to a page), and the beacon navigator.sendBeacon sends as a page is hidden.
 */
const OUTSIDE_THE_TABLE = ['GET /api/activate.php', 'POST /api/page-hidden.php'];

describe('GET /api/openapi.json', () => {
  it('documents the routes of the table in common, and no other call', async () => {
    const documented = new Set((await operations()).map(({ method, path }) => `${method} ${path}`));
    const missing = ALL_ROUTES.map(({ method, path }) => `${method} ${path}`).filter((each) => !documented.has(each));
    expect(missing).toEqual([]);
    const tabled = new Set(ALL_ROUTES.map(({ method, path }) => `${method} ${path}`));
    expect([...documented].filter((each) => !tabled.has(each))).toEqual(OUTSIDE_THE_TABLE);
  });

  it('requires the client header on exactly the calls the server refuses without it', async () => {
    const all = await operations();
    const misdescribed: string[] = [];
    for (const each of all) {
      const response = await withoutClientHeader(each);
      const refused = response.statusCode === 403 && response.json().error === 'request_type_missing';
      if (refused !== requiresClientHeader(each)) misdescribed.push(`${each.method} ${each.path}`);
    }
    expect(misdescribed).toEqual([]);
    expect(requiresClientHeader(operation(all, 'GET', '/api/user.php'))).toBe(false);
    expect(requiresClientHeader(operation(all, 'POST', '/api/user.php'))).toBe(true);
    expect(requiresClientHeader(operation(all, 'GET', '/api/logout.php'))).toBe(true);
    expect(requiresClientHeader(operation(all, 'POST', '/api/payment-webhook.php'))).toBe(false);
  });

  it("lists each operation's error answers in the error shape, with the codes each may carry", async () => {
    const all = await operations();
    for (const each of all) {
      const name = `${each.method} ${each.path}`;
      expect(codesOf(each, 400), name).toContain('bad_request');
      expect(codesOf(each, 404), name).toContain('site_not_found');
      expect(codesOf(each, 503), name).toContain('service_unavailable');
      if (each.method !== 'GET') expect(codesOf(each, 413), name).toContain('payload_too_large');
      if (each.method !== 'GET') expect(codesOf(each, 415), name).toContain('unsupported_media_type');
      if (each.body) expect(codesOf(each, 422), name).toContain('validation_failed');
      if (requiresClientHeader(each)) expect(codesOf(each, 403), name).toContain('request_type_missing');
    }
    expect(codesOf(operation(all, 'GET', '/api/chats.php'), 403)).toEqual(['authentication_required']);
    expect(codesOf(operation(all, 'POST', '/api/like.php'), 429)).toEqual(['rate_limited']);
    expect(codesOf(operation(all, 'POST', '/api/chat.php'), 402)).toEqual(['insufficient_credits']);
    expect(codesOf(operation(all, 'GET', '/api/settings.php'), 403)).toEqual([]);

    const refused = await client(t.app).get('/api/chats.php');
    const documented = operation(all, 'GET', '/api/chats.php').responses[403]?.content?.['application/json']?.schema;
    expect(documented && schemaErrors(documented, refused.json())).toEqual([]);
    const invalid = await (await loggedInMember(t)).visitor.post('/api/like.php', { profile_id: 'nobody' });
    const invalidSchema = operation(all, 'POST', '/api/like.php').responses[422]?.content?.['application/json']?.schema;
    expect(invalidSchema && schemaErrors(invalidSchema, invalid.json())).toEqual([]);
  });

  it('takes a staff answer with a text or a photo, never both and never neither', async () => {
    const body = operation(await operations(), 'POST', '/api/staff/answer.php').body;
    if (!body) throw new Error('POST /api/staff/answer.php documents no body');
    expect(schemaErrors(body, { conversation: 1, text: 'Hello' })).toEqual([]);
    expect(schemaErrors(body, { conversation: 1, photo_id: 2 })).toEqual([]);
    expect(schemaErrors(body, { conversation: 1, text: 'Hello', photo_id: 2 })).not.toEqual([]);
    expect(schemaErrors(body, { conversation: 1 })).not.toEqual([]);
  });
});
