/**
 * Which addresses a push may go to: public ones only, by name when a subscription is stored and by
 * every resolved address when the connection is made, so no push reaches this machine or its network.
 */
import https from 'node:https';
import net, { type AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { ADDRESS_REFUSED, isPublicAddress, isPublicEndpoint, publicPushAgent } from './push-addresses.js';

describe('isPublicAddress', () => {
  it.each(['8.8.8.8', '142.250.74.10', '2a00:1450:4001:80b::200a', '::ffff:8.8.8.8'])('takes %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    ['private', '10.0.0.1'],
    ['private', '172.16.5.4'],
    ['private', '192.168.1.1'],
    ['loopback', '127.0.0.1'],
    ['link-local (cloud metadata)', '169.254.169.254'],
    ['carrier-grade NAT', '100.64.0.1'],
    ['multicast', '224.0.0.1'],
    ['unspecified', '0.0.0.0'],
    ['broadcast', '255.255.255.255'],
    ['IPv6 loopback', '::1'],
    ['IPv6 unspecified', '::'],
    ['IPv6 link-local', 'fe80::1'],
    ['IPv6 unique-local', 'fd12:3456::1'],
    ['IPv6 multicast', 'ff02::1'],
    ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
    ['IPv4-mapped metadata', '::ffff:a9fe:a9fe'],
    ['no address', 'push.example.com'],
  ])('refuses a %s address: %s', (_kind, address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

describe('isPublicEndpoint', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/abc',
    'https://web.push.apple.com/abc',
  ])('takes %s', (endpoint) => {
    expect(isPublicEndpoint(endpoint)).toBe(true);
  });

  it.each([
    'http://fcm.googleapis.com/fcm/send/abc',
    'https://localhost/x',
    'https://LOCALHOST./x',
    'https://push.localhost/x',
    'https://metadata.google.internal/x',
    'https://nas.local/x',
    'https://intranet/x',
    'https://192.168.0.10/x',
    'https://[::ffff:192.168.0.10]/x',
  ])('refuses %s', (endpoint) => {
    expect(isPublicEndpoint(endpoint)).toBe(false);
  });
});

describe('publicPushAgent', () => {
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    socket.destroy();
  });
  const listening = new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const request = (host: string, port: number) =>
    new Promise<NodeJS.ErrnoException>((resolve, reject) => {
      https
        .get({ host, port, path: '/push', agent: publicPushAgent }, () => reject(new Error('connected')))
        .on('error', resolve);
    });

  it.each(['localhost', '127.0.0.1', '::ffff:127.0.0.1'])(
    'does not connect to %s, a name or an address of this machine',
    async (host) => {
      const port = await listening;
      const error = await request(host, port);
      expect(error.code).toBe(ADDRESS_REFUSED);
      expect(connections).toBe(0);
    },
  );
});
