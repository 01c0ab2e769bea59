/**
 * The tests' own push service: https on this machine (as push services are), with a certificate made
 * for the run that only the app's agent for it trusts. It keeps what it receives; browsers'
 * subscriptions to it decrypt their pushes with their own keys, as a browser would.
 */
import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import ece from 'http_ece';
import type { LocalPushService } from '../src/notifications/push.js';

/** A certificate for localhost, made for this run; the push agent trusts it. */
function localCertificate(): { key: Buffer; cert: Buffer } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-push-'));
  const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  const files = { key: fs.readFileSync(key), cert: fs.readFileSync(cert) };
  fs.rmSync(dir, { recursive: true, force: true });
  return files;
}

export interface Delivery {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export async function startPushService() {
  const certificate = localCertificate();
  const deliveries: Delivery[] = [];
  const server = https.createServer(certificate, async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    deliveries.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
    response.writeHead(service.answer).end();
  });
  server.on('connection', () => service.connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const origin = `https://localhost:${port}`;

  const service = {
    port,
    origin,
    /** What it received, in order. */
    deliveries,
    /** The status it answers pushes with. */
    answer: 201,
    /** Connections it was opened, pushes or not. */
    connections: 0,
    /** For the app: the one push service it may reach on this machine, through an agent that trusts it. */
    localPushService: { origin, agent: new https.Agent({ ca: certificate.cert }) } satisfies LocalPushService,

    /** A browser's subscription: its own key pair and auth secret, and an endpoint here. */
    browserSubscription() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      return {
        ecdh,
        auth,
        json: {
          endpoint: `${origin}/push/${randomBytes(8).toString('hex')}`,
          expirationTime: null,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        },
      };
    },

    /** The deliveries to a browser since `from`. */
    deliveriesTo(browser: { json: { endpoint: string } }, from = 0): Delivery[] {
      const endpointPath = new URL(browser.json.endpoint).pathname;
      return deliveries.slice(from).filter((delivery) => delivery.path === endpointPath);
    },

    /** The pushes delivered to a browser since `from`, decrypted with its keys. */
    pushesTo(browser: { ecdh: ReturnType<typeof createECDH>; auth: Buffer; json: { endpoint: string } }, from = 0) {
      return service
        .deliveriesTo(browser, from)
        .map((delivery) =>
          JSON.parse(
            ece
              .decrypt(delivery.body, { version: 'aes128gcm', privateKey: browser.ecdh, authSecret: browser.auth })
              .toString('utf8'),
          ),
        );
    },

    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return service;
}
