import { useEffect } from 'react';
import { useUser } from '../../api/hooks';
import { unreadOf, useChats } from '../../pages/chats/api';
import { newLikesOf, useLikes } from '../../pages/likes/api';
import { setWaitingCount } from '../document-title';

/** Puts what waits for the member, unread messages plus new likes, in the tab title and the app badge (SPEC §4). */
export function WaitingCount() {
  const { user } = useUser();
  const { data: likes } = useLikes();
  const { data: chats } = useChats();
  const count = user ? newLikesOf(likes) + unreadOf(chats) : 0;
  useEffect(() => setWaitingCount(count), [count]);
  return null;
}
