/**
 * Two-step sign-in for staff: TOTP codes (RFC 6238) from an authenticator app, by otplib, with the
 * secret shown as a QR code (qrcode) and as text for typing in.
 */
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/** Codes from the step before or after the current one still count: phone clocks drift. */
const DRIFT_SECONDS = 30;

export interface Enrolment {
  secret: string;
  uri: string;
  /** The URI as a QR code: an SVG data URL. */
  qr: string;
}

export const newTotpSecret = () => generateSecret();

export async function enrolment(secret: string, issuer: string, account: string): Promise<Enrolment> {
  const uri = generateURI({ issuer, label: account, secret });
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * The time step the code belongs to, when it is right for the secret at `now` and later than the
 * step used last (a code is taken once); else null.
 */
export async function codeStep(
  secret: string,
  code: string,
  now: Date,
  lastStep: number | null,
): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: DRIFT_SECONDS,
    ...(lastStep !== null && { afterTimeStep: lastStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
