/**
 * Text messages through a gateway (SMS_URL): what the gateway receives and a gateway that refuses;
 * production without a gateway offers no direct debit.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { newKeysEnvironment } from '../src/platform/keys/deployment-keys.js';
import { createHttpTexter } from '../src/platform/texts/texter.js';
import { buildMember, createTestApp, loggedIn } from './helpers.js';

interface Received {
  authorization: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

const received: Received[] = [];
let answer = 202;
const gateway = http.createServer(async (request, response) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  received.push({
    authorization: request.headers.authorization,
    contentType: request.headers['content-type'],
    body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
  });
  response.writeHead(answer).end();
});
await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
const port = (gateway.address() as AddressInfo).port;
afterAll(() => new Promise<void>((resolve) => gateway.close(() => resolve())));

describe('the text gateway', () => {
  it('gets the number and the text as JSON, with the credentials of its URL', async () => {
    answer = 202;
    await createHttpTexter(`http://amora:s3cret@127.0.0.1:${port}/send`).send('+31612345678', 'Code 123456');
    expect(received.at(-1)).toEqual({
      authorization: `Basic ${Buffer.from('amora:s3cret').toString('base64')}`,
      contentType: 'application/json',
      body: { to: '+31612345678', text: 'Code 123456' },
    });
  });

  it('fails the send when the gateway refuses', async () => {
    answer = 500;
    await expect(createHttpTexter(`http://127.0.0.1:${port}/send`).send('+31612345678', 'x')).rejects.toThrow(/500/);
  });

  it('is needed for direct debit in production', async () => {
    const production = await createTestApp({
      env: {
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://127.0.0.1:2525',
        PAYMENT_PROVIDER: 'mollie',
        MOLLIE_API_KEY: 'test_x',
        ...newKeysEnvironment(),
      },
    });
    try {
      const member = await buildMember(production.services, { credits: 0 });
      await production.db.updateTable('profiles').set({ country: 'NL' }).where('id', '=', member.profileId).execute();
      const visitor = await loggedIn(production.app, member);
      expect((await visitor.get('/api/credits.php')).json().methods).toEqual(['ideal', 'creditcard', 'paypal']);
      const refused = await visitor.post('/api/directdebit-code.php', {
        bundle_id: 1,
        account_holder: 'A',
        iban: 'NL91ABNA0417164300',
        street: 'S',
        house_number: '1',
        zip: '1000 AA',
        city: 'C',
        phone: '+31612345678',
      });
      expect(refused.json()).toMatchObject({ error: 'directdebit_unavailable' });
    } finally {
      await production.close();
    }
  });
});
