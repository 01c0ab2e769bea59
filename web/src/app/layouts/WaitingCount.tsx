import { useEffect } from 'react';
import { unreadOf, useChats } from '../../features/chats/api';
import { newLikesOf, useLikes } from '../../features/likes/api';
import { setWaitingCount } from '../../shared/document-title';

/**
 * Puts what waits for the member, unread messages plus new likes, in the tab title and the app
 * badge (SPEC §4); App.tsx shows it while a member is signed in, and clears the count after.
 */
export function WaitingCount() {
  const { data: likes } = useLikes();
  const { data: chats } = useChats();
  const count = newLikesOf(likes) + unreadOf(chats);
  useEffect(() => setWaitingCount(count), [count]);
  return null;
}
