import './chats.scss';
import { useId } from 'react';
import Container from 'react-bootstrap/Container';
import { Outlet, useMatch } from 'react-router';
import { useTranslation } from '../../i18n';
import { PageTitle } from '../../shared/components/PageTitle';
import { entriesOf, useChats } from './api';
import { ChatList } from './ChatList';

/**
 * The chats' screens: the list of conversations and the open one (or an invitation to pick one).
 * From lg up they stand side by side in one panel under the page's title and scroll apart; on a
 * phone the list is a page of its own and a conversation fills the screen, the bars hidden (chats.scss).
 */
export function ChatsLayout() {
  const { t } = useTranslation('chat');
  const headingId = useId();
  const conversation = useMatch('/chats/:id');
  const starting = useMatch('/members/:id/chat');
  const open = Boolean(conversation ?? starting);
  const chats = useChats();
  const none = !open && chats.isSuccess && entriesOf(chats.data).length === 0;
  return (
    <Container className={`page chats-page ${open ? 'chats-page-open' : ''} ${none ? 'chats-page-none' : ''}`}>
      <PageTitle title={t('list.title')} id={headingId} />
      <div className="chats-split">
        <ChatList headingId={headingId} />
        <div className="chats-pane">
          <Outlet />
        </div>
      </div>
    </Container>
  );
}
