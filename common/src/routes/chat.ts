/** Chats: the conversation list, one conversation's pages, sending and deleting. */
import { defineRoute } from './route.js';

export const chatRoutes = {
  chats: defineRoute({
    method: 'GET',
    path: '/api/chats.php',
    access: 'member',
    query: 'chatsQuery',
    response: 'chatsResponse',
  }),
  conversation: defineRoute({
    method: 'GET',
    path: '/api/chat.php',
    access: 'member',
    query: 'chatQuery',
    response: 'chatResponse',
    errors: ['not_found'],
  }),
  /** A text or a gift as JSON, or a photo as a form (its fields and one file). */
  sendMessage: defineRoute({
    method: 'POST',
    path: '/api/chat.php',
    access: 'member',
    body: 'sendMessageRequest',
    multipart: true,
    response: 'sendMessageResponse',
    errors: [
      'activation_required',
      'not_found',
      'insufficient_credits',
      'free_conversation_limit',
      'photo_invalid',
      'photo_too_large',
      'photo_too_many_pixels',
      'photo_too_small',
    ],
    // The client id makes a repeat harmless: the server answers it with the first result.
    retry: true,
  }),
  deleteConversation: defineRoute({
    method: 'DELETE',
    path: '/api/chat.php',
    access: 'member',
    body: 'conversationBody',
    response: 'okResponse',
    errors: ['not_found'],
  }),
};
