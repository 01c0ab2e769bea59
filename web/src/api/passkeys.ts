/**
 * Passkeys: the member's list, adding (the browser asks), renaming and removing them, dropping the
 * password, and the browser's part of signing in or confirming with one (@simplewebauthn/browser).
 */
import type { PasskeyAssertion, PasskeysResponse } from '@amora/common';
import { passkeyRoutes } from '@amora/common/routes/passkeys';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { startAuthentication, startRegistration, WebAuthnAbortService } from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { i18n } from '../i18n';
import { ApiError, api } from './client';

const passkeysKey = ['passkeys'] as const;

/** The browser said no: the member closed its dialog, or it has no passkey for this site. */
export class PasskeyCancelled extends ApiError {
  constructor() {
    super(0, 'passkey_cancelled', i18n.t('settings.passkeys.cancelled'));
  }
}

/** Runs the browser's part; its refusals become one message the forms show. */
async function inBrowser<T>(ceremony: () => Promise<T>): Promise<T> {
  try {
    return await ceremony();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new PasskeyCancelled();
  }
}

/** A fresh passkey answer of the member's own, for a change that needs proof of who they are. */
export async function passkeyConfirmation(): Promise<PasskeyAssertion> {
  const { options } = await api(passkeyRoutes.passkeyOptions, { purpose: 'confirm' });
  const optionsJSON = options as unknown as PublicKeyCredentialRequestOptionsJSON;
  const credential = await inBrowser(() => startAuthentication({ optionsJSON }));
  return { ...credential, clientExtensionResults: { ...credential.clientExtensionResults } };
}

/** Signs in with a passkey; with `autofill`, the browser offers it in the email field's suggestions. */
export async function passkeySignIn(autofill: boolean) {
  const { options } = await api(passkeyRoutes.passkeyLoginOptions);
  const optionsJSON = options as unknown as PublicKeyCredentialRequestOptionsJSON;
  const credential: AuthenticationResponseJSON = autofill
    ? await startAuthentication({ optionsJSON, useBrowserAutofill: true })
    : await inBrowser(() => startAuthentication({ optionsJSON }));
  return api(passkeyRoutes.passkeyLogin, {
    credential: { ...credential, clientExtensionResults: { ...credential.clientExtensionResults } },
  });
}

/** Ends a sign-in the browser is offering in the background (leaving the page, another ceremony). */
export const cancelPasskeyCeremony = () => WebAuthnAbortService.cancelCeremony();

export function usePasskeys() {
  return useQuery({
    queryKey: passkeysKey,
    queryFn: () => api(passkeyRoutes.passkeys),
  });
}

/** A change to the passkeys answers with the list, which replaces the one shown. */
function usePasskeysMutation<Input>(call: (input: Input) => Promise<PasskeysResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => queryClient.setQueryData(passkeysKey, answer),
  });
}

export function useAddPasskey() {
  return usePasskeysMutation(async () => {
    const { options } = await api(passkeyRoutes.passkeyOptions, { purpose: 'register' });
    const optionsJSON = options as unknown as PublicKeyCredentialCreationOptionsJSON;
    const credential = await inBrowser(() => startRegistration({ optionsJSON }));
    return api(passkeyRoutes.addPasskey, {
      credential: { ...credential, clientExtensionResults: { ...credential.clientExtensionResults } },
    });
  });
}

export function useRenamePasskey() {
  return usePasskeysMutation((input: { id: number; name: string }) => api(passkeyRoutes.renamePasskey, input));
}

export function useRemovePasskey() {
  return usePasskeysMutation((id: number) => api(passkeyRoutes.removePasskey, { id }));
}

export function useRemovePassword() {
  return usePasskeysMutation((input: { password: string }) => api(passkeyRoutes.removePassword, input));
}
