import './chats.scss';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from '../../i18n';
import { Loading } from '../../shared/components/Loading';
import { chatKeys, useConversation } from './api';
import { ChatScreen } from './ChatScreen';

/** /chats/{id}: one conversation. Opening it reads it, so the list's unread counts are fetched again. */
export default function ConversationPage() {
  const { t } = useTranslation('chat');
  const id = Number(useParams().id);
  const queryClient = useQueryClient();
  const conversation = useConversation(id);
  const recipient = useMemo(() => ({ conversation: id }), [id]);
  const loadedAt = conversation.dataUpdatedAt;

  useEffect(() => {
    if (loadedAt > 0) void queryClient.invalidateQueries({ queryKey: chatKeys.chats });
  }, [loadedAt, queryClient]);

  if (conversation.isPending) return <Loading />;
  const pages = conversation.data?.pages ?? [];
  const profile = pages[0]?.profile;
  if (!profile) {
    return (
      <div className="chat-missing">
        <h2 className="h4">{t('missing.title')}</h2>
        <p>{conversation.error?.message}</p>
        <Link to="/chats" className="btn btn-primary">
          {t('missing.toChats')}
        </Link>
      </div>
    );
  }
  return (
    // One screen per conversation: picking another one beside the list starts with its own draft and scroll.
    <ChatScreen
      key={id}
      recipient={recipient}
      profile={profile}
      pages={pages}
      onOlder={() => conversation.fetchNextPage()}
    />
  );
}
