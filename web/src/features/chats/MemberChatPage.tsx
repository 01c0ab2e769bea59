import './chats.scss';
import type { ChatProfile } from '@amora/common';
import { useCallback, useMemo } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useMember } from '../../api/members';
import { useTranslation } from '../../i18n';
import { Loading } from '../../shared/components/Loading';
import { useChatWith } from './api';
import { ChatScreen } from './ChatScreen';

/**
 * /members/{id}/chat: the conversation with a profile. One that exists opens at /chats/{id};
 * otherwise the first message starts it.
 */
export default function MemberChatPage() {
  const { t } = useTranslation('chat');
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const existing = useChatWith(id);
  const member = useMember(id);
  const recipient = useMemo(() => ({ profile_id: id }), [id]);
  const onStarted = useCallback(
    (conversation: number) => navigate(`/chats/${conversation}`, { replace: true }),
    [navigate],
  );

  if (existing.data) return <Navigate to={`/chats/${existing.data.conversation}`} replace />;
  if (existing.isPending || member.isPending) return <Loading />;
  if (!member.data) {
    return (
      <div className="chat-missing">
        <h2 className="h4">{t('missing.title')}</h2>
        <p>{member.error?.message}</p>
        <Link to="/members" className="btn btn-primary">
          {t('list.findMembers')}
        </Link>
      </div>
    );
  }
  const { name, age, hosted, main_image } = member.data;
  const profile: ChatProfile = { id, name, age, hosted, main_image, presence: 'away' };
  return <ChatScreen key={id} recipient={recipient} profile={profile} pages={[]} onStarted={onStarted} />;
}
