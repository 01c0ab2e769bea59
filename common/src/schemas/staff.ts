/** The staff API (/api/staff/): operators answer as hosted profiles; staff screens are in English. */
import { z } from 'zod';
import {
  APPEAL_OUTCOMES,
  APPEAL_PARTIES,
  CASE_KINDS,
  CASE_MEASURES,
  CASE_STATUSES,
  CHAT_TEXT_MAX_LENGTH,
  DECISION_EXPLANATION_MAX_LENGTH,
  DISCOUNT_VALIDITIES,
  GENDERS,
  GIFTS,
  HOSTED_STATUSES,
  LOCALES,
  NAME_MAX_LENGTH,
  OPERATOR_PRIVATE_PHOTO_ACTIONS,
  PAYMENT_METHODS,
  PAYMENT_REFUSALS,
  PAYMENT_STATUSES,
  PHOTO_REJECTIONS,
  PROFILE_DETAIL_FIELDS,
  REPORT_REASONS,
  SEARCH_FIELDS,
  SERVED_COUNTRIES,
} from '../constants.js';
import { CURRENCIES } from '../money.js';
import { STAFF_ROLES } from '../staff-rights.js';
import { emailField, openSession } from './accounts.js';
import { chatMessage, messageKind } from './chat.js';
import { id } from './ids.js';
import { birthDateField, choice, memberProfile, profileStatus, profileUpdate } from './members.js';
import { transaction } from './payments.js';
import { companyInfo, settings } from './sites.js';
import { multilineText, text } from './text.js';

export const staffMember = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  /** Signs in with a code from an authenticator app. */
  two_step: z.boolean(),
  /** Conversations an operator holds at once, at most. */
  capacity: z.number(),
  /** Away: claims nothing. */
  away: z.boolean(),
});

/** POST /api/staff/status.php: available or away. */
export const staffStatusRequest = z.object({ away: z.boolean({ message: 'invalid' }) });
export type StaffUser = z.infer<typeof staffMember>;
export const staffMeResponse = z.object({ staff: staffMember.nullable() });

/** A TOTP secret to set up in an authenticator app: as text, as an otpauth:// URI and as a QR code (SVG data URL). */
export const twoStepSetup = z.object({ secret: z.string(), uri: z.string(), qr: z.string() });
export type TwoStepSetup = z.infer<typeof twoStepSetup>;

/**
 * POST /api/staff/login.php: signed in, or the password was right and a code is needed next, from
 * the account's app (`code`) or from a secret set up now (`enrol`).
 */
export const staffLoginResponse = z.union([
  z.object({ staff: staffMember }),
  z.object({ two_step: z.literal('code') }),
  twoStepSetup.extend({ two_step: z.literal('enrol') }),
]);
export type StaffLogin = z.infer<typeof staffLoginResponse>;

/** POST /api/staff/two-step.php: the code of the second step (or of a secret being set up). */
export const twoStepRequest = z.object({
  code: z
    .string()
    .transform((code) => code.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'two_step_code_wrong')),
});
/** A staff member signed in: after the code (POST two-step.php), or a status change. */
export const staffResponse = z.object({ staff: staffMember });

const side = z.object({ id: z.number(), name: z.string() });

/** A conversation waiting for a hosted profile's answer; names only, never a member's email or payments. */
export const inboxEntry = z.object({
  conversation: z.number(),
  hosted: side,
  /** The member writes in `language`; `time_zone` is their country's, for their local time. */
  member: side.extend({ language: z.enum(LOCALES), country: z.string().nullable(), time_zone: z.string() }),
  waiting_since: z.string(),
  last_message: z.object({ kind: messageKind, text: z.string().nullable(), gift: z.enum(GIFTS).nullable() }),
  claimed_by: z.string().nullable(),
  claimed_by_me: z.boolean(),
});
export type InboxEntry = z.infer<typeof inboxEntry>;
export const inboxResponse = z.object({ conversations: z.array(inboxEntry), refreshed_at: z.string() });

export const claimResponse = z.object({ conversation: z.number(), claim_expires_at: z.string() });

export const staffNote = z.object({ id: z.number(), text: z.string(), created_at: z.string(), staff: z.string() });
export type StaffNote = z.infer<typeof staffNote>;
export const notesResponse = z.object({ notes: z.array(staffNote) });

/** What operators keep consistent about a hosted profile, beside every conversation with it. */
export const personaFacts = z.object({
  job: text().trim().max(200, 'too_long'),
  town: text().trim().max(200, 'too_long'),
  family: text().trim().max(200, 'too_long'),
  pets: text().trim().max(200, 'too_long'),
  hobbies: text().trim().max(200, 'too_long'),
  /** What the profile has told members before (stories, plans, places). */
  story: multilineText().trim().max(4000, 'too_long'),
});
export type PersonaFacts = z.infer<typeof personaFacts>;
/** The sheet as it stands: `version` 0 before its first edit. */
export const persona = personaFacts.extend({
  version: z.number(),
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type Persona = z.infer<typeof persona>;

/** PUT /api/staff/persona.php: the sheet of the conversation's hosted profile, edited from `version`. */
export const personaRequest = z.object({
  conversation: id,
  version: z.number({ message: 'invalid' }).int('invalid').min(0, 'invalid'),
  facts: personaFacts,
});
export const personaResponse = z.object({ persona });

/** A claimed conversation: the history as the hosted profile, both public profiles, and the notes on the member. */
export const operatorConversationResponse = z.object({
  conversation: z.number(),
  awaiting: z.boolean(),
  messages: z.array(chatMessage),
  member: memberProfile,
  /** The hosted profile's persona sheet. */
  persona,
  hosted: memberProfile,
  notes: z.array(staffNote),
});
export type OperatorConversation = z.infer<typeof operatorConversationResponse>;

const answerTarget = z.object({ conversation: id, client_id: z.string().uuid('invalid').optional() });

/** An answer as the hosted profile: a text or one of the profile's photos, never both. */
export const answerRequest = z.union([
  answerTarget.extend({
    text: multilineText().trim().min(1, 'required').max(CHAT_TEXT_MAX_LENGTH, 'too_long'),
    photo_id: z.never().optional(),
  }),
  answerTarget.extend({ photo_id: id, text: z.never().optional() }),
]);
export const answerResponse = z.object({ message: chatMessage });

/** POST /api/staff/private-photos.php: the hosted profile grants, declines or revokes its private photos to the member. */
export const operatorPrivatePhotosRequest = z
  .object({ conversation: id, action: choice(OPERATOR_PRIVATE_PHOTO_ACTIONS) })
  .strict();

/** POST /api/staff/refund.php: the purchase refunded, and how many of its credits were taken back. */
export const staffRefundResponse = z.object({ transaction, credits_taken: z.number() });

/** A staff account as admins manage it (GET /api/staff/team.php). */
export const staffAccount = staffMember.extend({ disabled: z.boolean(), created_at: z.string() });
export type StaffAccount = z.infer<typeof staffAccount>;
export const staffTeamResponse = z.object({ staff: z.array(staffAccount) });

/** POST /api/staff/team.php: a new staff account; its first password is shown to the admin once. */
export const addStaffRequest = z.object({
  email: emailField,
  name: text().trim().min(1, 'required').max(100, 'too_long'),
  role: z.enum(STAFF_ROLES, { message: 'invalid_choice' }),
});
export const addStaffResponse = z.object({ staff: staffAccount, password: z.string() });

/**
 * PUT /api/staff/team.php: another account's role, or disabled (its sessions end at once) or enabled
 * again, or its two-step sign-in reset.
 */
export const changeStaffRequest = z
  .object({
    id,
    role: z.enum(STAFF_ROLES, { message: 'invalid_choice' }).optional(),
    disabled: z.boolean().optional(),
    /** Forget the account's authenticator app (a lost phone): it sets one up at its next sign-in. */
    reset_two_step: z.literal(true).optional(),
    capacity: z.number({ message: 'invalid' }).int('invalid').min(1, 'invalid').max(50, 'invalid').optional(),
  })
  .refine(
    (change) =>
      change.role !== undefined ||
      change.disabled !== undefined ||
      change.reset_two_step ||
      change.capacity !== undefined,
    {
      message: 'required',
      path: ['role'],
    },
  );
export const changeStaffResponse = z.object({ staff: staffAccount });

/** GET /api/staff/sessions.php: where this staff member is signed in. */
export const staffSession = z.object({
  id: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  current: z.boolean(),
});
export type StaffSession = z.infer<typeof staffSession>;
export const staffSessionsResponse = z.object({ sessions: z.array(staffSession) });
/** POST /api/staff/end-session.php: ends one of one's own sessions. */
export const endStaffSessionRequest = z.object({ session: z.string().regex(/^[0-9a-f]{16,128}$/, 'invalid') });

/** A photo waiting for a moderator: whose, on which site, and its files as staff fetch them. */
export const moderationPhoto = z.object({
  id: z.number(),
  site: side,
  profile: side.extend({ hosted: z.boolean() }),
  url: z.string(),
  thumb_url: z.string(),
  width: z.number(),
  height: z.number(),
  uploaded_at: z.string(),
});
export type ModerationPhoto = z.infer<typeof moderationPhoto>;

/** GET /api/staff/photos.php[?site=]: the oldest photos waiting, on one site or all, and how many wait. */
export const photoQueueResponse = z.object({
  photos: z.array(moderationPhoto),
  waiting: z.number(),
  refreshed_at: z.string(),
});

/** POST /api/staff/photos.php: approve or reject photos (a rejection says why, and the member is told). */
export const decidePhotosRequest = z
  .object({
    photos: z.array(id).min(1, 'required').max(100, 'too_many'),
    decision: z.enum(['approve', 'reject'], { message: 'invalid_choice' }),
    rejection: z.enum(PHOTO_REJECTIONS, { message: 'invalid_choice' }).optional(),
  })
  .refine((input) => input.decision === 'approve' || input.rejection !== undefined, {
    message: 'required',
    path: ['rejection'],
  });
/** `already_decided`: photos another moderator decided first (or their member deleted); their decision stands. */
export const decidePhotosResponse = z.object({
  approved: z.array(z.number()),
  rejected: z.array(z.number()),
  already_decided: z.array(z.number()),
});

/** GET /api/staff/sites.php: the sites of this deployment, for staff screens' filters and the list of sites. */
export const staffSitesResponse = z.object({
  sites: z.array(z.object({ id: z.number(), name: z.string(), domain: z.string(), domain_language: z.string() })),
});

/** GET /api/staff/payments.php: filters; `before` pages back from a payment id. */
export const staffPaymentsQuery = z.object({
  site: id.optional(),
  status: z.enum(PAYMENT_STATUSES, { message: 'invalid_choice' }).optional(),
  method: z.enum(PAYMENT_METHODS, { message: 'invalid_choice' }).optional(),
  /** A member's profile id. */
  member: id.optional(),
  before: id.optional(),
});

/** A payment as admins see it: whose, where, how much and how it stands, and whether it may be refunded now. */
export const staffPayment = z.object({
  id: z.number(),
  site: side,
  member: side.nullable(),
  status: z.enum(PAYMENT_STATUSES),
  method: z.enum(PAYMENT_METHODS),
  amount: z.number(),
  currency: z.string(),
  credits: z.number(),
  refunded_credits: z.number(),
  refusal: z.enum(PAYMENT_REFUSALS).nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** Why it may not be refunded now; null when an admin may. */
  refund_refusal: z.string().nullable(),
});
export type StaffPayment = z.infer<typeof staffPayment>;
export const staffPaymentsResponse = z.object({ payments: z.array(staffPayment), next_before: z.number().nullable() });

/** GET /api/staff/log.php: the audit log, newest first; filters by staff id, record and action (or its family). */
export const auditLogQuery = z.object({
  staff: id.optional(),
  record: text()
    .trim()
    .regex(/^[a-z_]+:\d+$/, 'invalid')
    .optional(),
  action: text()
    .trim()
    .regex(/^[a-z_]+(\.[a-z_]+)?$/, 'invalid')
    .optional(),
  before: id.optional(),
});

export const auditEntry = z.object({
  id: z.number(),
  created_at: z.string(),
  staff_id: z.number(),
  staff: z.string(),
  action: z.string(),
  site_id: z.number().nullable(),
  record: z.string().nullable(),
  /** The fields changed: [before, after]. */
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])).nullable(),
  reason: z.string().nullable(),
  conversation_id: z.number().nullable(),
  profile_id: z.number().nullable(),
  message_id: z.number().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditLogResponse = z.object({ entries: z.array(auditEntry), next_before: z.number().nullable() });

/** GET /api/staff/cases.php: reports and complaints waiting (oldest first), decided (newest first), or appealed. */
export const caseQueueQuery = z.object({
  view: z.enum(['waiting', 'decided', 'appealed'], { message: 'invalid_choice' }).default('waiting'),
  kind: z.enum(CASE_KINDS, { message: 'invalid_choice' }).optional(),
  site: id.optional(),
  /** Pages on from a case id: later ones in the queue, earlier ones among the decided. */
  before: id.optional(),
});

const staffName = z.string().nullable();

export const moderationCase = z.object({
  id: z.number(),
  kind: z.enum(CASE_KINDS),
  status: z.enum(CASE_STATUSES),
  site: z.object({ id: z.number(), name: z.string() }),
  created_at: z.string(),
  /** The report's reason or the complaint's category. */
  reason: z.string(),
  /** What the reporter or complainant wrote. */
  text: z.string().nullable(),
  /** What a complaint says it is about (a payment, a profile), in the complainant's words. */
  reference: z.string().nullable(),
  /** Who reported or complained; none for a staff member's own initiative. */
  reporter: z
    .object({
      profile: z.object({ id: z.number(), name: z.string() }).nullable(),
      name: z.string(),
      /** A complainant's address: for admins only. */
      email: z.string().nullable(),
    })
    .nullable(),
  subject: z.object({ id: z.number(), name: z.string(), hosted: z.boolean(), suspended: z.boolean() }).nullable(),
  reviewer: staffName,
  reviewing_by_me: z.boolean(),
  decision: z
    .object({
      measure: z.enum(CASE_MEASURES).nullable(),
      explanation: z.string().nullable(),
      decided_by: z.string(),
      decided_at: z.string(),
      by_me: z.boolean(),
    })
    .nullable(),
  appeals: z.array(
    z.object({
      id: z.number(),
      party: z.enum(APPEAL_PARTIES),
      text: z.string(),
      appealed_at: z.string(),
      outcome: z.enum(APPEAL_OUTCOMES).nullable(),
      explanation: z.string().nullable(),
      decided_by: staffName,
      decided_at: z.string().nullable(),
    }),
  ),
});
export type ModerationCase = z.infer<typeof moderationCase>;

export const caseQueueResponse = z.object({
  cases: z.array(moderationCase),
  waiting: z.number(),
  appeals_waiting: z.number(),
  next_before: z.number().nullable(),
  refreshed_at: z.string(),
});

/** POST /api/staff/case-review.php: take a waiting case in review. */
export const caseReviewRequest = z.object({ case: id });

const explanation = multilineText().trim().max(DECISION_EXPLANATION_MAX_LENGTH, 'too_long').optional();

/** POST /api/staff/case-decision.php: actioned with a measure, or dismissed; the explanation is mailed as written. */
export const caseDecisionRequest = z.object({
  case: id,
  decision: z.enum(['actioned', 'dismissed'], { message: 'invalid_choice' }),
  measure: z.enum(CASE_MEASURES, { message: 'invalid_choice' }).optional(),
  explanation,
});

/** POST /api/staff/appeal-decision.php: the decision stands (upheld) or is withdrawn (reversed). */
export const appealDecisionRequest = z.object({
  appeal: id,
  outcome: z.enum(APPEAL_OUTCOMES, { message: 'invalid_choice' }),
  explanation,
});

/** GET /api/staff/members.php: a profile id, the start of a name, or (admins) an address. */
export const staffMembersQuery = z.object({
  q: text().trim().min(1, 'required').max(254, 'too_long'),
  site: id.optional(),
});

const siteRef = z.object({ id: z.number(), name: z.string() });

export const staffMembersResponse = z.object({
  members: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      site: siteRef,
      status: profileStatus,
      /** For admins only. */
      email: z.string().nullable(),
      signup_date: z.string(),
      paid: z.boolean(),
    }),
  ),
});

/** GET /api/staff/member.php: what staff may know of a member (never a password or a payment card). */
export const staffMemberResponse = z.object({
  member: z.object({
    id: z.number(),
    name: z.string(),
    site: siteRef,
    status: profileStatus,
    date_of_birth: z.string(),
    country: z.string().nullable(),
    city: z.string().nullable(),
    about: z.string(),
    /** For admins only. */
    email: z.string().nullable(),
    language: z.enum(LOCALES),
    confirmed: z.boolean(),
    paid: z.boolean(),
    signup_date: z.string(),
    deleted_at: z.string().nullable(),
    suspended_at: z.string().nullable(),
    suspension: z.enum(['suspension', 'ban']).nullable(),
  }),
  photos: z.array(
    z.object({
      id: z.number(),
      url: z.string(),
      thumb_url: z.string(),
      status: z.string(),
      rejection: z.string().nullable(),
    }),
  ),
  credits: z.object({
    balance: z.number(),
    ledger: z.array(
      z.object({
        id: z.number(),
        delta: z.number(),
        balance_after: z.number(),
        reason: z.string(),
        reference: z.string().nullable(),
        created_at: z.string(),
      }),
    ),
  }),
  payments: z.array(
    z.object({
      id: z.number(),
      status: z.enum(PAYMENT_STATUSES),
      method: z.enum(PAYMENT_METHODS),
      amount: z.number(),
      currency: z.string(),
      credits: z.number(),
      created_at: z.string(),
    }),
  ),
  reports: z.array(
    z.object({
      id: z.number(),
      reason: z.string(),
      comment: z.string().nullable(),
      created_at: z.string(),
      direction: z.enum(['made', 'received']),
      other: z.object({ id: z.number(), name: z.string() }),
    }),
  ),
  sessions: z.array(openSession),
});
export type StaffMemberDetail = z.infer<typeof staffMemberResponse>;

/** Credits granted or taken at once, at most. */
export const CREDIT_ADJUSTMENT_MAX = 100_000;

/**
 * POST /api/staff/member-action.php: suspend or ban (with a reason, mailed as a statement of
 * reasons), lift, or grant (positive) or take (negative) credits with an explanation.
 */
export const memberActionRequest = z.object({
  member: id,
  action: z.enum(['suspend', 'ban', 'lift', 'credits', 'activation'], { message: 'invalid_choice' }),
  reason: z.enum(REPORT_REASONS, { message: 'invalid_choice' }).optional(),
  amount: z
    .number({ message: 'invalid' })
    .int('invalid')
    .min(-CREDIT_ADJUSTMENT_MAX, 'invalid')
    .max(CREDIT_ADJUSTMENT_MAX, 'invalid')
    .optional(),
  explanation,
});

/** POST /api/staff/member-erase.php: the account erased at once, as its own deletion would once its grace ran out. */
export const eraseMemberRequest = z.object({
  member: id,
  explanation: text().trim().min(1, 'required').max(DECISION_EXPLANATION_MAX_LENGTH, 'too_long'),
});

/** GET /api/staff/discounts.php: the codes members type, on every site or one. */
export const discountCodesQuery = z.object({ site: id.optional() });

/** Whole percent off. */
const percentage = z.number({ message: 'invalid' }).int('invalid').min(1, 'invalid').max(99, 'invalid');
/** The last day a code works (it works until that day ends, UTC); null: no end. */
const lastDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid')
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), 'invalid');
/** Minor units a bundle's price must reach. */
const minimumOrder = z.number({ message: 'invalid' }).int('invalid').min(0, 'invalid').max(100_000_000, 'invalid');

/** POST /api/staff/discounts.php: a new code for a site. */
export const addDiscountCodeRequest = z.object({
  site: id,
  code: text()
    .trim()
    .regex(/^[A-Za-z0-9-]{3,40}$/, 'invalid'),
  percentage,
  validity: z.enum(DISCOUNT_VALIDITIES, { message: 'invalid_choice' }),
  /** Only for payments in this country (one the site sells in). */
  country: text()
    .trim()
    .regex(/^[A-Z]{2}$/, 'invalid_choice')
    .optional(),
  currency: z.enum(CURRENCIES, { message: 'invalid_choice' }).optional(),
  minimum_order_value: minimumOrder.optional(),
  last_day: lastDay.optional(),
  methods: z
    .array(z.enum(PAYMENT_METHODS, { message: 'invalid_choice' }))
    .min(1, 'required')
    .optional(),
});

/** PUT /api/staff/discounts.php: a code's percentage, minimum, last day or status; payments under way keep theirs. */
export const changeDiscountCodeRequest = z.object({
  id,
  percentage: percentage.optional(),
  minimum_order_value: minimumOrder.optional(),
  last_day: lastDay.nullable().optional(),
  status: z.enum(['active', 'inactive'], { message: 'invalid_choice' }).optional(),
});

export const staffDiscountCode = z.object({
  id: z.number(),
  site: z.object({ id: z.number(), name: z.string() }),
  code: z.string(),
  percentage: z.number(),
  validity: z.enum(DISCOUNT_VALIDITIES),
  country: z.string().nullable(),
  currency: z.string().nullable(),
  minimum_order_value: z.number(),
  expires: z.string().nullable(),
  status: z.enum(['active', 'inactive']),
  methods: z.array(z.enum(PAYMENT_METHODS)).nullable(),
  /** Payments holding it now or paid with it. */
  used: z.number(),
  created_at: z.string(),
});
export type StaffDiscountCode = z.infer<typeof staffDiscountCode>;

export const discountCodesResponse = z.object({ codes: z.array(staffDiscountCode) });
export const discountCodeResponse = z.object({ code: staffDiscountCode });

/** The details of a hosted profile that staff set: a member's profile fields, less a member's own settings. */
const hostedDetails = profileUpdate.omit({ invisible: true, signup_step: true, latitude: true, longitude: true });

/** POST /api/staff/hosted.php: a new hosted profile on a site. */
export const newHostedProfileRequest = hostedDetails
  .extend({
    site: id,
    name: profileUpdate.shape.name.unwrap(),
    date_of_birth: birthDateField,
    gender: choice(GENDERS),
  })
  .strict();
export type NewHostedProfile = z.infer<typeof newHostedProfileRequest>;

/** PUT /api/staff/hosted.php: changes to a hosted profile's details. */
export const changeHostedProfileRequest = hostedDetails
  .extend({ id, date_of_birth: birthDateField.optional() })
  .strict();
export type HostedProfileChange = z.infer<typeof changeHostedProfileRequest>;

/** POST /api/staff/hosted-status.php: retire a hosted profile (it leaves every list) or bring it back. */
export const hostedStatusRequest = z.object({ id, status: z.enum(HOSTED_STATUSES, { message: 'invalid_choice' }) });

/** GET /api/staff/hosted.php: a site's hosted profiles (operators: their own site's), by the start of a name. */
export const hostedProfilesQuery = z.object({
  site: id.optional(),
  q: text().trim().max(NAME_MAX_LENGTH, 'too_long').optional(),
  status: z.enum(HOSTED_STATUSES, { message: 'invalid_choice' }).optional(),
});

export const hostedProfilesResponse = z.object({
  /** Most conversations waiting first, then by name. */
  profiles: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      age: z.number(),
      gender: z.string().nullable(),
      city: z.string().nullable(),
      country: z.string().nullable(),
      site: siteRef,
      status: z.enum(HOSTED_STATUSES),
      thumb_url: z.string().nullable(),
      photos: z.number(),
      conversations: z.number(),
      waiting: z.number(),
    }),
  ),
});

export const hostedPhoto = z.object({
  id: z.number(),
  url: z.string(),
  thumb_url: z.string(),
  main: z.boolean(),
  premium_only: z.boolean(),
  private: z.boolean(),
  /** Sent in a conversation: kept, so the member's history stays whole. */
  sent: z.boolean(),
});

/** GET /api/staff/hosted-profile.php: one hosted profile with its photos and persona sheet. */
export const hostedProfileResponse = z.object({
  profile: z.object({
    id: z.number(),
    site: siteRef,
    status: z.enum(HOSTED_STATUSES),
    name: z.string(),
    date_of_birth: z.string(),
    age: z.number(),
    about: z.string(),
    interests: z.array(z.string()),
    gender: z.string().nullable(),
    sexuality: z.string().nullable(),
    hair_colour: z.string().nullable(),
    eye_colour: z.string().nullable(),
    body_type: z.string().nullable(),
    relationship_status: z.string().nullable(),
    tattoos: z.string().nullable(),
    country: z.string().nullable(),
    region: z.string().nullable(),
    city: z.string().nullable(),
    conversations: z.number(),
    waiting: z.number(),
  }),
  photos: z.array(hostedPhoto),
  persona,
});
export type HostedProfileDetail = z.infer<typeof hostedProfileResponse>;

/** GET /api/staff/hosted-profile.php?id= */
export const hostedProfileQuery = z.object({ id });

/** PUT /api/staff/hosted-photo.php: the main photo, or who may see one. */
export const hostedPhotoChangeRequest = z.object({
  profile: id,
  photo: id,
  main: z.literal(true, { message: 'invalid' }).optional(),
  premium_only: z.boolean({ message: 'invalid' }).optional(),
  private: z.boolean({ message: 'invalid' }).optional(),
});
/** DELETE /api/staff/hosted-photo.php */
export const hostedPhotoRemoveRequest = z.object({ profile: id, photo: id });
/** POST /api/staff/hosted-photo.php?profile=: the upload itself is multipart/form-data. */
export const hostedPhotoUploadQuery = z.object({ profile: id });

/** PUT /api/staff/hosted-persona.php: a hosted profile's persona sheet, edited from `version`. */
export const hostedPersonaRequest = z.object({
  profile: id,
  version: personaRequest.shape.version,
  facts: personaFacts,
});

const count = (max: number) => z.number({ message: 'invalid' }).int('invalid').min(0, 'invalid').max(max, 'invalid');
const line = (max: number) => text().trim().max(max, 'too_long');
const isTimeZone = (zone: string) => Intl.supportedValuesOf('timeZone').includes(zone) || zone === 'UTC';

/** A site's own settings: settings.php's schema, less what the deployment or the request fills in. */
const storedSettings = settings.omit({
  name: true,
  domain: true,
  domain_language: true,
  company_id: true,
  geoip_country: true,
  geoip_selected_country: true,
  locales: true,
  terms_version_date: true,
  push_public_key: true,
});

/**
 * The settings staff may change: settings.php's own schema, less what the deployment or the request
 * fills in, each value within what the product can take.
 */
export const siteSettingsChange = storedSettings
  .extend({
    index_title: line(200).min(1, 'required'),
    description: line(500),
    countries: z
      .array(z.enum(SERVED_COUNTRIES, { message: 'invalid_choice' }))
      .min(1, 'required')
      .refine((list) => new Set(list).size === list.length, 'invalid'),
    cdn_prefix: line(200).regex(/^(\/[\w./-]*|https:\/\/[\w.-]+(\/[\w./-]*)?)$/, 'invalid'),
    support_phone: line(40),
    support_email: emailField,
    minimum_message_costs: z.record(
      z.enum(SERVED_COUNTRIES, { message: 'invalid_choice' }),
      z.object({ costs: count(100_000), currency: z.enum(CURRENCIES, { message: 'invalid_choice' }) }),
    ),
    message_credits: count(10_000),
    photo_credits: count(10_000),
    gift_credits: count(10_000),
    signup_credits: count(10_000),
    message_length: count(10_000).min(1, 'invalid'),
    free_messages: count(100),
    visible_profile_fields: z.array(z.enum(PROFILE_DETAIL_FIELDS, { message: 'invalid_choice' })),
    search_fields: z.array(z.enum(SEARCH_FIELDS, { message: 'invalid_choice' })),
    fictional_warning: line(500).min(1, 'required'),
    fictional_singular: line(60).min(1, 'required'),
    fictional_plural: line(60).min(1, 'required'),
    fictional_icon: line(8).min(1, 'required'),
    refund_days: count(365),
    time_zone: text().refine(isTimeZone, 'invalid_choice'),
    mail_name: line(100).min(1, 'required'),
  })
  .partial()
  .strict();
export type SiteSettingsChange = z.infer<typeof siteSettingsChange>;

/** The operating company's details staff may change (when it was added stays). */
export const companyChange = companyInfo
  .omit({ added: true })
  .extend({
    name: line(200).min(1, 'required'),
    address: line(200),
    kvk: line(40),
    city: line(100),
    country: text().trim().max(2, 'invalid_choice'),
    tradenames: z.array(line(200).min(1, 'required')).max(10, 'too_many'),
    vat_numbers: z.array(line(40).min(1, 'required')).max(10, 'too_many'),
    support_phone: line(40),
    delete_discount: count(100),
  })
  .partial()
  .strict();

/** PUT /api/staff/site.php: a site's name, settings and company details; only what is sent changes. */
export const changeSiteRequest = z
  .object({
    id,
    name: line(100).min(1, 'required').optional(),
    settings: siteSettingsChange.optional(),
    company: companyChange.optional(),
  })
  .strict();
export type SiteChange = z.infer<typeof changeSiteRequest>;

/** POST /api/staff/sites.php: a new site with the default settings, as `npm run sites -- add` makes one. */
export const newSiteRequest = z.object({
  domain: text().trim().min(1, 'required').max(253, 'too_long'),
  name: line(100).min(1, 'required'),
  language: z.enum(LOCALES, { message: 'invalid_choice' }),
  country: z.enum(SERVED_COUNTRIES, { message: 'invalid_choice' }).optional(),
});

/** POST and DELETE /api/staff/site-domain.php: another host name that reaches the site. */
export const siteDomainRequest = z.object({ site: id, domain: text().trim().min(1, 'required').max(253, 'too_long') });

export const siteQuery = z.object({ id });

/** GET /api/staff/site.php: a site as staff edit it. */
export const staffSiteResponse = z.object({
  site: z.object({
    id: z.number(),
    name: z.string(),
    domain: z.string(),
    domain_language: z.string(),
    /** Every host name that reaches the site, its own domain first. */
    domains: z.array(z.string()),
  }),
  settings: storedSettings,
  company: companyInfo,
});
export type StaffSite = z.infer<typeof staffSiteResponse>;

/** A day, YYYY-MM-DD, that exists in the calendar. */
const calendarDay = text()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid')
  .refine((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
  }, 'invalid');

/** The longest period the dashboard sums over, in days. */
export const DASHBOARD_MAX_DAYS = 366;

/** GET /api/staff/dashboard.php: a site (all when absent) over whole UTC days, the last 30 by default. */
export const dashboardQuery = z
  .object({ site: id.optional(), from: calendarDay.optional(), to: calendarDay.optional() })
  .superRefine((query, context) => {
    if (!query.from || !query.to) return;
    const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 + 1;
    if (days < 1) context.addIssue({ code: 'custom', path: ['to'], message: 'invalid' });
    else if (days > DASHBOARD_MAX_DAYS) context.addIssue({ code: 'custom', path: ['to'], message: 'too_long' });
  });

const revenue = z.object({
  currency: z.enum(CURRENCIES),
  /** Minor units of the payments made in the period, VAT included. */
  gross: z.number(),
  /** Of those, refunded and charged back since. */
  refunded: z.number(),
  charged_back: z.number(),
  net: z.number(),
});

export const dashboardResponse = z.object({
  site: z.object({ id: z.number(), name: z.string() }).nullable(),
  from: z.string(),
  to: z.string(),
  signups: z.number(),
  /** Of the period's signups, those who followed their activation link. */
  activations: z.number(),
  first_purchases: z.number(),
  paying_members: z.number(),
  revenue: z.array(revenue),
  messages_to_hosted: z.number(),
  /** Now, whatever the period: conversations whose member waits for an operator's answer. */
  conversations_waiting: z.number(),
  first_answer: z.object({
    /** Waits that began in the period and were answered. */
    answered: z.number(),
    /** Seconds; null when none was answered. */
    median_seconds: z.number().nullable(),
    p90_seconds: z.number().nullable(),
  }),
  days: z.array(
    z.object({
      day: z.string(),
      signups: z.number(),
      messages_to_hosted: z.number(),
      /** Net minor units per currency paid that day. */
      revenue: z.record(z.string(), z.number()),
    }),
  ),
});
export type DashboardResponse = z.infer<typeof dashboardResponse>;
