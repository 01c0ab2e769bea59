import type { ChatEntry } from '@amora/common';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link, NavLink, useMatch, useNavigate } from 'react-router';
import { useMember } from '../../api/members';
import { useTranslation } from '../../i18n';
import { useDateLocale } from '../../i18n/date-locale';
import { formatChatTime } from '../../i18n/format';
import { Modal } from '../../shared/components/dialogs';
import { Icon } from '../../shared/components/Icon';
import * as icons from '../../shared/components/icons';
import { Loading } from '../../shared/components/Loading';
import { MoreButton } from '../../shared/components/MoreButton';
import { badgeText } from '../../shared/document-title';
import { PushPrompt } from '../notifications/PushPrompt';
import { entriesOf, useChats, useChatWith, useDeleteConversation } from './api';
import { ChatAvatar } from './ChatAvatar';
import { HostedIcon } from './HostedIcon';
import { useMessagePreview } from './useMessagePreview';

/**
 * The member's conversations (labelled by the page's title), newest activity first, each with what was said last: the page on a
 * phone, the column beside the open conversation on a desktop. The open one is marked current; a
 * conversation being started (/members/{id}/chat) shows at the top until its first message.
 */
export function ChatList({ headingId }: { headingId: string }) {
  const { t } = useTranslation('chat');
  const navigate = useNavigate();
  const openId = Number(useMatch('/chats/:id')?.params.id);
  const startingWith = Number(useMatch('/members/:id/chat')?.params.id);
  const chats = useChats();
  const remove = useDeleteConversation();
  const [deleting, setDeleting] = useState<ChatEntry | null>(null);
  const entries = entriesOf(chats.data);
  const starting = useStarting(startingWith);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.conversation);
    if (deleting.conversation === openId) navigate('/chats', { replace: true });
    setDeleting(null);
  };

  return (
    <nav className="chats-list-pane" aria-labelledby={headingId}>
      {chats.isLoading && <Loading />}
      {chats.isError && <Alert variant="danger">{chats.error.message}</Alert>}
      {chats.data && entries.length === 0 && !starting && <EmptyChats />}
      {/* A first match or message is when being told of the next one matters (not over any page's actions);
          an open conversation asks in its own flow, once the member wrote there. */}
      {entries.length > 0 && !openId && !startingWith && <PushPrompt />}
      <ul className="chat-list" aria-label={t('list.title')}>
        {starting && <StartingRow profileId={startingWith} />}
        {entries.map((entry) => (
          <ChatRow key={entry.conversation} entry={entry} onDelete={() => setDeleting(entry)} />
        ))}
      </ul>
      <MoreButton list={chats} label={t('list.more')} loading={t('list.loadingMore')} className="chat-list-more" />
      <Modal show={deleting !== null} onHide={() => setDeleting(null)} centered aria-labelledby="delete-chat-title">
        <Modal.Header closeButton closeLabel={t('app:common.close')}>
          <Modal.Title as="h2" className="h5" id="delete-chat-title">
            {t('delete.title', { name: deleting?.profile.name })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>{t('delete.text', { name: deleting?.profile.name })}</Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={() => setDeleting(null)}>
            {t('delete.cancel')}
          </Button>
          <Button variant="danger" onClick={confirmDelete}>
            {t('delete.confirm')}
          </Button>
        </Modal.Footer>
      </Modal>
    </nav>
  );
}

/** Whether a conversation with this profile (0: none chosen) is being started: the member has none with it yet. */
function useStarting(profileId: number) {
  return useChatWith(profileId).data === null;
}

function ChatRow({ entry, onDelete }: { entry: ChatEntry; onDelete: () => void }) {
  const { t } = useTranslation('chat');
  const dateLocale = useDateLocale();
  const preview = useMessagePreview();
  const { profile, num_unread_messages: unread } = entry;
  return (
    <li className={`chat-row ${unread > 0 ? 'chat-row-unread' : ''}`}>
      <NavLink to={`/chats/${entry.conversation}`} className="chat-row-link">
        <ChatAvatar profile={profile} />
        <span className="chat-row-text">
          <span className="chat-row-top">
            <span className="chat-row-name">
              {profile.name}
              {profile.hosted && <HostedIcon />}
            </span>
            <time dateTime={entry.updated_at} className="chat-row-time">
              {formatChatTime(entry.updated_at, dateLocale)}
            </time>
          </span>
          <span className="chat-row-bottom">
            <span className="chat-row-preview">
              {entry.last_message ? preview(entry.last_message) : t('list.noMessages')}
            </span>
            {unread > 0 && (
              <span className="unread-badge">
                <span aria-hidden="true">{badgeText(unread)}</span>
                <span className="visually-hidden">{t('app:nav.unreadMessages', { count: unread })}</span>
              </span>
            )}
          </span>
        </span>
      </NavLink>
      <button
        type="button"
        className="btn btn-link chat-row-delete"
        onClick={onDelete}
        aria-label={t('delete.label', { name: profile.name })}
      >
        <Icon svg={icons.trash} />
      </button>
    </li>
  );
}

/** The profile a first message is being written to: not a conversation yet, so nothing to delete. */
function StartingRow({ profileId }: { profileId: number }) {
  const { t } = useTranslation('chat');
  const member = useMember(profileId);
  if (!member.data) return null;
  const { id, name, age, hosted, main_image } = member.data;
  return (
    <li className="chat-row chat-row-starting">
      <NavLink to={`/members/${id}/chat`} className="chat-row-link">
        <ChatAvatar profile={{ id, name, age, hosted, main_image, presence: 'away' }} />
        <span className="chat-row-text">
          <span className="chat-row-name">
            {name}
            {hosted && <HostedIcon />}
          </span>
          <span className="chat-row-preview">{t('list.newConversation')}</span>
        </span>
      </NavLink>
    </li>
  );
}

function EmptyChats() {
  const { t } = useTranslation('chat');
  return (
    <div className="empty-state">
      <span className="empty-state-icon">
        <Icon svg={icons.chat} />
      </span>
      <p>{t('list.empty')}</p>
      <div className="button-row button-row-center">
        <Link to="/members" className="btn btn-primary">
          {t('list.findMembers')}
        </Link>
        <Link to="/likes/matches" className="btn btn-outline-primary">
          {t('list.matches')}
        </Link>
      </div>
    </div>
  );
}
