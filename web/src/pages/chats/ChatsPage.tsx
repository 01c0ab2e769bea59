import './chats.scss';
import type { ChatEntry } from '@amora/common';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { badgeText } from '../../app/document-title';
import { Modal } from '../../components/dialogs';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';
import { Loading } from '../../components/Loading';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useTranslation } from '../../i18n';
import { useDateLocale } from '../../i18n/date-locale';
import { formatChatTime } from '../../i18n/format';
import { PushPrompt } from '../notifications/PushPrompt';
import { useChats, useDeleteConversation } from './api';
import { ChatAvatar } from './ChatAvatar';
import { HostedIcon } from './HostedIcon';
import { useMessagePreview } from './useMessagePreview';

/** /chats: the member's conversations, newest activity first, each with what was said last. */
export default function ChatsPage() {
  const { t } = useTranslation('chat');
  useDocumentTitle(t('list.title'));
  const chats = useChats();
  const remove = useDeleteConversation();
  const [deleting, setDeleting] = useState<ChatEntry | null>(null);

  if (chats.isLoading) return <Loading />;
  return (
    <div className="container chats-page">
      <h1 className="h3 my-3">{t('list.title')}</h1>
      {chats.isError && <Alert variant="danger">{chats.error.message}</Alert>}
      {chats.data?.chats.length === 0 && <EmptyChats />}
      {/* A first match or message is when being told of the next one matters (not over any page's actions). */}
      {(chats.data?.chats.length ?? 0) > 0 && <PushPrompt />}
      <ul className="chat-list" aria-label={t('list.title')}>
        {chats.data?.chats.map((entry) => (
          <ChatRow key={entry.conversation} entry={entry} onDelete={() => setDeleting(entry)} />
        ))}
      </ul>
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
          <Button
            variant="danger"
            onClick={() => {
              if (deleting) remove.mutate(deleting.conversation);
              setDeleting(null);
            }}
          >
            {t('delete.confirm')}
          </Button>
        </Modal.Footer>
      </Modal>
    </div>
  );
}

function ChatRow({ entry, onDelete }: { entry: ChatEntry; onDelete: () => void }) {
  const { t } = useTranslation('chat');
  const dateLocale = useDateLocale();
  const preview = useMessagePreview();
  const { profile, num_unread_messages: unread } = entry;
  return (
    <li className={`chat-row ${unread > 0 ? 'chat-row-unread' : ''}`}>
      <Link to={`/chats/${entry.conversation}`} className="chat-row-link">
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
      </Link>
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
