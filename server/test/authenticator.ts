/**
 * A software passkey authenticator for API tests: what a phone or security key does for
 * navigator.credentials.create() and .get(), with ES256 keys from node:crypto and CBOR from the
 * WebAuthn library's own helper. It answers for whatever origin and RP id it is told, so tests can
 * play a browser on another site too.
 */
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

interface StoredCredential {
  id: Buffer;
  privateKey: KeyObject;
  cosePublicKey: Uint8Array;
  counter: number;
  userHandle: string;
}

interface Options {
  challenge: string;
  rp?: { id?: string };
  rpId?: string;
  user?: { id: string };
}

export interface Ceremony {
  /** The page's origin, as the browser puts it in the client data. */
  origin: string;
  /** The RP id the authenticator signs for; the options' unless given. */
  rpId?: string;
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const base64url = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

function authenticatorData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, attested ?? Buffer.alloc(0)]);
}

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): string {
  return isoBase64URL.fromUTF8String(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

/** An ES256 public key as COSE (kty EC2, alg -7, crv P-256, x, y). */
function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, isoBase64URL.toBuffer(jwk.x ?? '')],
      [-3, isoBase64URL.toBuffer(jwk.y ?? '')],
    ]),
  );
}

export function softwareAuthenticator(held: StoredCredential[] = []) {
  const credentials = held;

  return {
    credentials,

    /** A copy of this authenticator as it is now (its keys and counters), as a cloned device would be. */
    clone: () => softwareAuthenticator(credentials.map((credential) => ({ ...credential }))),

    /** Makes a passkey for the options of /api/passkey-options.php (register) and answers as startRegistration() does. */
    create(options: Options, ceremony: Ceremony) {
      const rpId = ceremony.rpId ?? options.rp?.id ?? '';
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const credential: StoredCredential = {
        id: randomBytes(32),
        privateKey,
        cosePublicKey: coseKey(publicKey),
        counter: 0,
        userHandle: options.user?.id ?? '',
      };
      credentials.push(credential);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credential.id.length);
      const attested = Buffer.concat([Buffer.alloc(16), idLength, credential.id, credential.cosePublicKey]);
      const authData = authenticatorData(
        rpId,
        FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED_DATA,
        0,
        attested,
      );
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', new Uint8Array(authData)],
        ]) as Parameters<typeof isoCBOR.encode>[0],
      );
      const id = base64url(credential.id);
      return {
        id,
        rawId: id,
        response: {
          clientDataJSON: clientData('webauthn.create', options.challenge, ceremony.origin),
          attestationObject: base64url(attestationObject),
          transports: ['internal'],
        },
        authenticatorAttachment: 'platform' as const,
        clientExtensionResults: {},
        type: 'public-key' as const,
      };
    },

    /** Signs the options of a sign-in or confirmation with a passkey it holds (the newest unless told). */
    get(options: Options, ceremony: Ceremony, credential = credentials.at(-1)) {
      if (!credential) throw new Error('the authenticator holds no passkey');
      const rpId = ceremony.rpId ?? options.rpId ?? '';
      credential.counter += 1;
      const authData = authenticatorData(rpId, FLAG_USER_PRESENT | FLAG_USER_VERIFIED, credential.counter);
      const clientDataJSON = clientData('webauthn.get', options.challenge, ceremony.origin);
      const signed = Buffer.concat([authData, sha256(Buffer.from(isoBase64URL.toBuffer(clientDataJSON)))]);
      const id = base64url(credential.id);
      return {
        id,
        rawId: id,
        response: {
          clientDataJSON,
          authenticatorData: base64url(authData),
          signature: base64url(sign('sha256', signed, credential.privateKey)),
          userHandle: credential.userHandle,
        },
        authenticatorAttachment: 'platform' as const,
        clientExtensionResults: {},
        type: 'public-key' as const,
      };
    },
  };
}
