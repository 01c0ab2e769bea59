/**
 * What the conformance test holds the server to about input: input the document's schemas take is
 * never refused as invalid, and input they refuse always is (422), unless the call is refused
 * before its input is read. What a JSON Schema cannot state is named here, each with its reason.
 */
import type { Response } from './helpers.js';
import { inputErrors, type Operation } from './openapi.js';
import type { Input } from './schema-arbitraries.js';

/**
 * Field codes of rules about the world rather than the input's shape: the state of the site (an
 * address taken or unknown, a profile out of reach, a code that is not the current one),
 * checksums (IBAN, phone), and a field against today (an age).
 */
const RULE_CODES = new Set([
  'name_equals_email',
  'passwords_differ',
  'too_young',
  'invalid_choice',
  'iban_invalid',
  'phone_invalid',
  'two_step_code_wrong',
  'domain_taken',
  'old_password_wrong',
  'email_taken',
  'email_not_found',
]);

/**
 * Rules between two fields, which OpenAPI 3.0's schemas cannot compare: the fields each operation
 * may refuse valid-looking input at.
 */
const BETWEEN_FIELDS: Record<string, string[]> = {
  // A period ends on or after its start, and spans at most DASHBOARD_MAX_DAYS.
  'GET /api/staff/dashboard.php': ['to'],
  // A message is a text or a gift, not both and not neither.
  'POST /api/chat.php': ['text'],
  // The owner's proof is a password or a passkey.
  'POST /api/mail-change.php': ['password'],
  'POST /api/delete-account.php': ['password'],
  // A rejection says why.
  'POST /api/staff/photos.php': ['rejection'],
};

/** Refusals that come before the input is read: who is calling, and how often. */
const BEFORE_INPUT = new Set([
  'authentication_required',
  'staff_login_required',
  'forbidden',
  'rate_limited',
  'request_type_missing',
]);

/** Calls whose input the document cannot describe whole, and why. */
const OUTSIDE_THE_DOCUMENT: Record<string, string> = {
  // ?push=1 makes the body a push subscription instead of a login: a body chosen by the query.
  'POST /api/user.php': 'valid',
  // The page-hidden beacon comes as text/plain from navigator.sendBeacon, whose answer nobody reads.
  'POST /api/page-hidden.php': 'broken',
  // The mail provider's webhook: a wrong key is answered as a page that is not there, before the body.
  'POST /api/mail-events.php': 'broken',
};

/** The fields `body`'s validation errors name, with their codes. */
function fieldCodes(response: Response): { field: string; code: string }[] {
  const body = response.json() as { fields?: Record<string, { code: string }> };
  return Object.entries(body.fields ?? {}).map(([field, { code }]) => ({ field, code }));
}

/** A refusal of input the schemas take, when it is no rule the document cannot state; else null. */
function refusedValid(name: string, response: Response): string | null {
  if (response.statusCode !== 422 || response.json().error !== 'validation_failed') return null;
  const between = BETWEEN_FIELDS[name] ?? [];
  const unstated = fieldCodes(response).filter(
    ({ field, code }) =>
      !RULE_CODES.has(code) && !between.some((each) => field === each || field.startsWith(`${each}.`)),
  );
  return unstated.length === 0 ? null : `refused input its schemas take: ${response.body.slice(0, 300)}`;
}

/** Input the schemas refuse that was not refused for it: taken, or refused for another reason. */
function takenBroken(operation: Operation, input: Input, response: Response): string | null {
  // A break of a text into another text may still be a text the schema takes.
  if (input.unstated || inputErrors(operation, input).length === 0) return null;
  const { statusCode: status, body } = response;
  if (status === 422) return null;
  const error = status >= 400 ? (response.json() as { error?: string }).error : undefined;
  if (error && BEFORE_INPUT.has(error)) return null;
  // A body that is no JSON at all, or not JSON, is refused as unreadable (400) or of the wrong type (415).
  if (error === 'bad_request' || error === 'unsupported_media_type') return null;
  return `answered ${status} to input its schemas refuse: ${body.slice(0, 300)}`;
}

/** Valid input refused as invalid, or broken input not refused as invalid: what, or null. */
export function departureFromSchemas(
  operation: Operation,
  kind: 'valid' | 'broken',
  input: Input,
  response: Response,
): string | null {
  const name = `${operation.method} ${operation.path}`;
  if (OUTSIDE_THE_DOCUMENT[name] === kind) return null;
  return kind === 'valid' ? refusedValid(name, response) : takenBroken(operation, input, response);
}
