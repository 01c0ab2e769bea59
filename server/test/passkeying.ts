/**
 * Passkeys in the API tests: a software authenticator answering for the demo site, a member who adds
 * a passkey from a signed-in browser, and a fresh browser signing in with it or with a password.
 */
import { expect } from 'vitest';
import { type Ceremony, softwareAuthenticator } from './authenticator.js';
import { type BuiltMember, buildMember, client, loggedIn, type TestApp, type TestClient } from './helpers.js';

/** Where the demo site is, as the browser tells it in its client data (PUBLIC_URL's scheme and port). */
export const ORIGIN = 'http://localhost:3000';
export const HERE: Ceremony = { origin: ORIGIN };

export type Authenticator = ReturnType<typeof softwareAuthenticator>;

export function passkeyKit(t: TestApp) {
  async function options(visitor: TestClient, purpose: 'register' | 'confirm') {
    const answer = await visitor.post('/api/passkey-options.php', { purpose });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().options;
  }

  /** The member adds a passkey of the authenticator from a signed-in browser. */
  async function addPasskey(visitor: TestClient, authenticator: Authenticator, ceremony = HERE, name?: string) {
    const credential = authenticator.create(await options(visitor, 'register'), ceremony);
    return visitor.post('/api/passkeys.php', { credential, ...(name && { name }) });
  }

  async function loginOptions(visitor: TestClient) {
    const answer = await visitor.post('/api/passkey-login-options.php');
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().options;
  }

  /** A fresh browser signs in with the authenticator's passkey. */
  async function passkeyLogin(authenticator: Authenticator, ceremony = HERE, visitor = client(t.app)) {
    const credential = authenticator.get(await loginOptions(visitor), ceremony);
    const answer = await visitor.post('/api/passkey-login.php', { credential });
    return { answer, visitor, credential };
  }

  /** A member, signed in, with one passkey. */
  async function memberWithPasskey() {
    const member = await buildMember(t.services);
    const visitor = await loggedIn(t.app, member);
    const authenticator = softwareAuthenticator();
    const added = await addPasskey(visitor, authenticator);
    expect(added.statusCode, added.body).toBe(200);
    return { member, visitor, authenticator, passkeyId: added.json().passkeys[0].id as number };
  }

  const passwordLogin = (member: BuiltMember, password = member.password) =>
    client(t.app).post('/api/user.php', { email: member.email, password });

  return { options, addPasskey, loginOptions, passkeyLogin, memberWithPasskey, passwordLogin };
}
