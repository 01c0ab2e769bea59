/** Notification choices, unsubscribe links, and the mail provider's bounces and complaints. */
import { defineRoute } from './route.js';

export const notificationRoutes = {
  notificationChoices: defineRoute({
    method: 'GET',
    path: '/api/notifications.php',
    access: 'member',
    response: 'notificationsResponse',
  }),
  updateNotifications: defineRoute({
    method: 'PUT',
    path: '/api/notifications.php',
    access: 'member',
    body: 'notificationsUpdate',
    response: 'notificationsResponse',
  }),
  unsubscribeLink: defineRoute({
    method: 'GET',
    path: '/api/unsubscribe.php',
    access: 'anyone',
    query: 'unsubscribeQuery',
    response: 'unsubscribeResponse',
    errors: ['unsubscribe_link_invalid'],
  }),
  /** RFC 8058's one click: the signed link is the query, the body says nothing. */
  unsubscribe: defineRoute({
    method: 'POST',
    path: '/api/unsubscribe.php',
    access: 'anyone',
    query: 'unsubscribeQuery',
    response: 'okResponse',
    errors: ['unsubscribe_link_invalid'],
  }),
  /** The mail provider's webhook, behind its bearer token. */
  mailEvent: defineRoute({
    method: 'POST',
    path: '/api/mail-events.php',
    access: 'anyone',
    body: 'mailEventRequest',
    response: 'mailEventResponse',
    // not_found while no MAIL_EVENTS_TOKEN is set; forbidden for another token.
    errors: ['not_found', 'forbidden'],
  }),
};
