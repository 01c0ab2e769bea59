/**
 * The error catalogue: every code the API answers with. The localised text of a code
 * is the key of the same name in the `errors` namespace of each locale.
 */
export const ERROR_CODES = [
  'authentication_required',
  'bad_request',
  'payload_too_large',
  'unsupported_media_type',
  'validation_failed',
  'not_found',
  'forbidden',
  'rate_limited',
  'server_error',
  'service_unavailable',
  'request_type_missing',
  'login_failed',
  'login_blocked',
  'signup_closed',
  'email_taken',
  'email_not_found',
  'link_invalid',
  'reset_limit',
  'activation_failed',
  'already_activated',
  'old_password_wrong',
  'mail_change_duplicate',
  'mail_change_invalid',
  'mail_change_same',
  'account_deleted',
  'site_not_found',
  'photo_limit',
  'swipe_limit',
  'photo_invalid',
  'photo_too_large',
  'photo_too_many_pixels',
  'photo_too_small',
  'search_login_required',
  'profile_login_required',
  'geocode_failed',
  'insufficient_credits',
  'free_conversation_limit',
  'activation_required',
  'staff_login_required',
  'claim_taken',
  'claim_required',
  'discount_not_found',
  'discount_used',
  'discount_expired',
  'discount_country',
  'discount_minimum_order',
  'discount_method',
  'payment_provider_unavailable',
  'otp_invalid',
  'directdebit_blocked',
  'directdebit_limit',
  'directdebit_unavailable',
  'unsubscribe_link_invalid',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Per-field validation codes; texts live in the `errors` namespace under `field.<code>`. */
export const FIELD_ERROR_CODES = [
  'invalid',
  'required',
  'invalid_email',
  'name_equals_email',
  'name_starts_with_at',
  'name_too_long',
  'birthdate_required',
  'birthdate_invalid',
  'too_young',
  'password_too_short',
  'password_too_long',
  'passwords_differ',
  'too_long',
  'invalid_choice',
  'too_many',
  'control_characters',
  'invisible_characters',
  'iban_invalid',
  'phone_invalid',
] as const;
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

export type FieldErrors = Record<string, { code: FieldErrorCode | string; message: string }>;

export interface ApiErrorBody {
  error: ErrorCode;
  message: string;
  fields?: FieldErrors;
  [param: string]: unknown;
}
