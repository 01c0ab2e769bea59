import './chats.scss';
import { Outlet, useMatch } from 'react-router';
import { entriesOf, useChats } from './api';
import { ChatList } from './ChatList';

/**
 * The chats' screens: the list of conversations and the open one (or an invitation to pick one).
 * From lg up they stand side by side under the top bar and scroll apart; on a phone the list is a
 * page of its own and a conversation fills the screen, the bars hidden (chats.scss).
 */
export function ChatsLayout() {
  const conversation = useMatch('/chats/:id');
  const starting = useMatch('/members/:id/chat');
  const open = Boolean(conversation ?? starting);
  const chats = useChats();
  const none = !open && chats.isSuccess && entriesOf(chats.data).length === 0;
  return (
    <div className={`chats-split ${open ? 'chats-split-open' : ''} ${none ? 'chats-split-none' : ''}`}>
      <ChatList />
      <div className="chats-pane">
        <Outlet />
      </div>
    </div>
  );
}
