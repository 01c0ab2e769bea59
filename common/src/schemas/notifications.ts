import { z } from 'zod';
import { MAIL_OFF_REASONS, NOTIFICATION_TYPES } from '../constants.js';
import { okResponse } from './accounts.js';
import { id } from './ids.js';
import { text } from './text.js';

/** A member's choice for one notification type: by mail, by push, both or neither. */
export const notificationPreference = z.object({
  type: z.enum(NOTIFICATION_TYPES),
  mail: z.boolean(),
  push: z.boolean(),
});
export type NotificationPreference = z.infer<typeof notificationPreference>;

/** GET /api/notifications.php: every type's choice, and why mail is off (empty while on). */
export const notificationsResponse = z.object({
  preferences: z.array(notificationPreference),
  notifications_disabled: z.array(z.enum(MAIL_OFF_REASONS)),
});
export type NotificationsResponse = z.infer<typeof notificationsResponse>;

/** PUT /api/notifications.php: the choices to change, and/or mail turned back on. */
export const notificationsUpdate = z
  .object({
    preferences: z
      .array(
        z
          .object({ type: z.enum(NOTIFICATION_TYPES), mail: z.boolean().optional(), push: z.boolean().optional() })
          .strict(),
      )
      .max(NOTIFICATION_TYPES.length)
      .optional(),
    mail_on: z.literal(true).optional(),
  })
  .strict();
export type NotificationsUpdate = z.infer<typeof notificationsUpdate>;

/** The signed part of an unsubscribe link: the member and the signature. */
export const unsubscribeQuery = z.object({
  u: id,
  s: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/),
});
export type UnsubscribeQuery = z.infer<typeof unsubscribeQuery>;

/** GET /api/unsubscribe.php: whose mail the link stops (the address shown masked) and whether it is off. */
export const unsubscribeResponse = z.object({ email: z.string(), mail_off: z.boolean() });
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponse>;

/** POST /api/mail-events.php: the mail provider reports a bounce or a spam complaint about an address. */
export const mailEventRequest = z.object({
  type: z.enum(['bounce', 'complaint']),
  email: text().min(3).max(254),
  /** A soft bounce (full mailbox) is left alone; only a permanent one turns mail off. */
  permanent: z.boolean().default(true),
});
export type MailEventRequest = z.infer<typeof mailEventRequest>;

/** The webhook's caller proves itself with `Authorization: Bearer <MAIL_EVENTS_TOKEN>`. */
export const mailEventHeaders = z.object({ authorization: z.string().max(300).optional() });
/** How many accounts the event turned notification mail off for. */
export const mailEventResponse = okResponse.extend({ accounts: z.number() });
