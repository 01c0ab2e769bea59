import type { Outgoing } from './api';

/** A message the member sent that the server has not confirmed yet (ChatScreen keeps them, MessageBubble shows them). */
export interface Pending {
  clientId: string;
  outgoing: Outgoing;
  failed: boolean;
}
