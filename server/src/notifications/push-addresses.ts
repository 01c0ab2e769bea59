/**
 * Where a push may go. A subscription's endpoint is whatever the caller of the API says, so
 * without these checks the server would call any address it is told to: its own machine, the
 * company network, a cloud's metadata service. Push services are public https hosts; the name is
 * checked when a subscription is stored, and every address it resolves to when a push is sent.
 */
import dns from 'node:dns';
import https from 'node:https';
import net, { type LookupFunction } from 'node:net';
import type { Duplex } from 'node:stream';
import ipaddr from 'ipaddr.js';

/**
 * Names that lead to this machine, the local network or a private namespace, never to a push
 * service: localhost, mDNS (.local), ICANN's private-use .internal, home networks, and the names
 * reserved for tests and examples.
 */
const INTERNAL_NAME =
  /(^|\.)(localhost|localdomain|local|internal|intranet|lan|home|corp|home\.arpa|test|invalid|example)$/;

/** The code of the error a connection gets instead of an address that is not public. */
export const ADDRESS_REFUSED = 'ERR_PUSH_ADDRESS_REFUSED';

/**
 * A public unicast address: not private, loopback, link-local, unique-local, carrier-grade NAT,
 * multicast, unspecified or reserved, also when written as an IPv4-mapped IPv6 address.
 */
export function isPublicAddress(address: string): boolean {
  return ipaddr.isValid(address) && ipaddr.process(address).range() === 'unicast';
}

/** A host name a push service may have: a public address, or a name of several labels outside the internal ones. */
function isPublicHostName(hostname: string): boolean {
  // URL keeps an IPv6 address in brackets and a fully qualified name's final dot ("localhost.").
  const name = hostname
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.+$/, '');
  if (ipaddr.isValid(name)) return isPublicAddress(name);
  return name.includes('.') && !INTERNAL_NAME.test(name);
}

/** An https address whose host is public by its name; where it resolves to is checked on connecting. */
export function isPublicEndpoint(endpoint: string): boolean {
  const url = new URL(endpoint);
  return url.protocol === 'https:' && isPublicHostName(url.hostname);
}

function refused(host: string, address: string): NodeJS.ErrnoException {
  const where = host === address ? address : `${host} (${address})`;
  return Object.assign(new Error(`${where} is not a public address`), { code: ADDRESS_REFUSED });
}

/**
 * dns.lookup for connections to push services: a name is used only when every address it has is
 * public. Checking on connecting, not before, leaves no time for the name to change its answer.
 */
const publicAddressesOnly: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '');
    const internal = addresses.find(({ address }) => !isPublicAddress(address));
    if (internal) return callback(refused(hostname, internal.address), '');
    if (options.all) return callback(null, addresses);
    const [first] = addresses;
    return callback(null, first?.address ?? '', first?.family);
  });
};

/**
 * How pushes reach push services: over https, to public addresses only, checked where the
 * connection is made (web-push reads the endpoint with the legacy URL parser, which may see
 * another host than the check above did). An address is connected to as it is; a name is looked up.
 */
class PublicAddressesAgent extends https.Agent {
  constructor() {
    super({ lookup: publicAddressesOnly });
  }

  override createConnection(
    options: https.RequestOptions,
    callback?: (error: Error | null, stream: Duplex) => void,
  ): Duplex | null | undefined {
    const host = options.host ?? '';
    if (net.isIP(host) && !isPublicAddress(host)) {
      callback?.(refused(host, host), undefined as unknown as Duplex);
      return undefined;
    }
    return super.createConnection(options, callback);
  }
}

export const publicPushAgent = new PublicAddressesAgent();
