import './chats.scss';
import {
  CHAT_HISTORY_LIMIT,
  type ChatMessage,
  type ChatProfile,
  type ChatResponse,
  isPrivatePhotoLine,
} from '@amora/common';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { ApiError, networkError } from '../../api/client';
import { useUser } from '../../api/hooks';
import { setOpenConversation, typingStore } from '../../api/live';
import { useTranslation } from '../../i18n';
import { HostedMark } from '../../shared/components/HostedMark';
import { Icon } from '../../shared/components/Icon';
import * as icons from '../../shared/components/icons';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { PushPrompt } from '../notifications/PushPrompt';
import { applySent, type Outgoing, type Recipient, sendMessage } from './api';
import { ChatAvatar } from './ChatAvatar';
import { Composer } from './Composer';
import { useDraft } from './draft';
import { Icebreakers } from './Icebreakers';
import { MessageBubble, PendingBubble } from './MessageBubble';
import { PrivatePhotosLine } from './PrivatePhotosLine';
import type { Pending } from './pending';
import { SendProblem } from './SendProblem';

/** A message on its way: shown at once, and kept with a retry (same client id) if it could not be sent. */
/** Problems the member must act on: the message is taken back into the composer instead of waiting for a retry. */
const REFUSALS = ['insufficient_credits', 'free_conversation_limit', 'activation_required', 'forbidden', 'not_found'];

const newClientId = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : '10000000-1000-4000-8000-100000000000'.replace(/[018]/g, (digit) =>
        (Number(digit) ^ (crypto.getRandomValues(new Uint8Array(1))[0] & (15 >> (Number(digit) / 4)))).toString(16),
      );

/**
 * A conversation beside the list (ChatsLayout): its header, the messages (older pages load while scrolling
 * up), what the other side is doing, and the composer. Without a conversation yet (a first message
 * from a profile page) it starts one.
 */
export function ChatScreen({
  recipient,
  profile,
  pages,
  onOlder,
  onStarted,
}: {
  recipient: Recipient;
  profile: ChatProfile;
  /** Newest page first; none for a conversation not started yet. */
  pages: ChatResponse[];
  onOlder?: () => Promise<unknown>;
  onStarted?: (conversation: number) => void;
}) {
  const { t, i18n } = useTranslation('chat');
  useDocumentTitle(profile.name);
  const queryClient = useQueryClient();
  const { user } = useUser();
  const conversation = 'conversation' in recipient ? recipient.conversation : null;
  const messages = pages.toReversed().flatMap((page) => page.messages);
  const oldest = pages.at(-1);
  const readUpTo = pages[0]?.read_up_to ?? 0;
  const [pending, setPending] = useState<Pending[]>([]);
  const [problem, setProblem] = useState<ApiError | null>(null);
  const [draft, setDraft] = useDraft(conversation === null ? `profile-${profile.id}` : `conversation-${conversation}`);
  const typing = useSyncExternalStore(typingStore.subscribe, () =>
    conversation === null ? false : typingStore.isTyping(conversation),
  );

  useEffect(() => {
    setOpenConversation(conversation);
    return () => setOpenConversation(null);
  }, [conversation]);

  const deliver = useCallback(
    async (item: Pending) => {
      setProblem(null);
      setPending((list) => [...list.filter((other) => other.clientId !== item.clientId), { ...item, failed: false }]);
      try {
        const sent = await sendMessage(recipient, item.clientId, item.outgoing);
        await applySent(queryClient, sent);
        setPending((list) => list.filter((other) => other.clientId !== item.clientId));
        if (conversation === null) onStarted?.(sent.conversation);
      } catch (error) {
        const apiError = error instanceof ApiError ? error : networkError();
        setProblem(apiError);
        if (REFUSALS.includes(apiError.code)) {
          setPending((list) => list.filter((other) => other.clientId !== item.clientId));
          if ('text' in item.outgoing) setDraft(item.outgoing.text);
        } else {
          setPending((list) =>
            list.map((other) => (other.clientId === item.clientId ? { ...other, failed: true } : other)),
          );
        }
      }
    },
    [recipient, queryClient, conversation, onStarted],
  );
  const lastMine = messages.findLast((message) => message.from_me && !isPrivatePhotoLine(message.kind))?.id;
  const latestLines = latestLineIds(messages);
  const scroller = useScrollKeeper(messages.length + pending.length, typing, lastMine !== undefined);
  const send = (outgoing: Outgoing) => {
    scroller.stickToBottom();
    void deliver({ clientId: newClientId(), outgoing, failed: false });
  };
  const lastReadMine = messages.findLast(
    (message) => message.from_me && !isPrivatePhotoLine(message.kind) && message.id <= readUpTo,
  )?.id;
  const empty = messages.length === 0 && pending.length === 0;
  const nameId = useId();

  return (
    <section className="chat-screen" aria-labelledby={nameId}>
      <ChatHeader profile={profile} nameId={nameId} />
      <section
        className="chat-scroll"
        ref={scroller.ref}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls is reached by keyboard (WCAG 2.1.1; axe's scrollable-region-focusable).
        tabIndex={0}
        aria-label={t('messages', { name: profile.name })}
      >
        <div className="chat-messages">
          {oldest?.has_more && onOlder && <OlderLoader onOlder={scroller.keepPosition(onOlder)} />}
          {oldest?.history_end === 'limit' && (
            <p className="chat-note">
              {t('history.limit', { limit: CHAT_HISTORY_LIMIT.toLocaleString(i18n.language) })}
            </p>
          )}
          {oldest?.history_end === 'start' && messages.length > 0 && (
            <p className="chat-note">{t('history.start', { name: profile.name })}</p>
          )}
          {empty && <Icebreakers name={profile.name} onPick={(text) => send({ text })} />}
          <ol className="chat-message-list" aria-label={t('messages', { name: profile.name })} aria-live="polite">
            {messages.map((message: ChatMessage) =>
              isPrivatePhotoLine(message.kind) ? (
                <PrivatePhotosLine
                  key={message.id}
                  message={message}
                  profile={profile}
                  latest={latestLines.has(message.id)}
                />
              ) : (
                <MessageBubble
                  key={message.id}
                  message={message}
                  status={message.id === lastMine ? (message.id === lastReadMine ? 'read' : 'sent') : undefined}
                />
              ),
            )}
            {pending.map((item) => (
              <PendingBubble key={item.clientId} pending={item} onRetry={() => deliver(item)} />
            ))}
          </ol>
          {typing && (
            <p className="chat-typing" role="status">
              <span className="typing-dots" aria-hidden="true">
                <span />
                <span />
                <span />
              </span>
              {t('typing', { name: profile.name })}
            </p>
          )}
          {/* Once the member wrote here, being told of the answer matters: asked below the messages, above the composer. */}
          {lastMine !== undefined && <PushPrompt className="chat-push-prompt mt-3" />}
        </div>
      </section>
      <div className="chat-bottom">
        {problem && <SendProblem error={problem} onClose={() => setProblem(null)} />}
        {user?.status === 'not_confirmed' && problem?.code !== 'activation_required' ? (
          <SendProblem error={new ApiError(403, 'activation_required', t('activation.text'))} />
        ) : (
          <Composer conversation={conversation} draft={draft} onDraft={setDraft} onSend={send} />
        )}
      </div>
    </section>
  );
}

/** The newest private-photo line of each kind from each side: those carry what can be done now. */
function latestLineIds(messages: ChatMessage[]): Set<number> {
  const latest = new Map<string, number>();
  for (const message of messages) {
    if (isPrivatePhotoLine(message.kind)) latest.set(`${message.kind}:${message.from_me}`, message.id);
  }
  return new Set(latest.values());
}

/** Who the conversation is with; the way back to the list is for a phone, where the list is not beside it. */
function ChatHeader({ profile, nameId }: { profile: ChatProfile; nameId: string }) {
  const { t } = useTranslation('chat');
  return (
    <header className="chat-header">
      <Link to="/chats" className="btn btn-link chat-back" aria-label={t('back')}>
        <Icon svg={icons.back} />
      </Link>
      <Link to={`/members/${profile.id}`} className="chat-header-profile">
        <ChatAvatar profile={profile} />
        <span className="chat-header-text">
          <span className="chat-header-name" id={nameId}>
            {profile.name}, {profile.age}
          </span>
          {profile.presence !== 'away' && <span className="chat-presence">{t(`presence.${profile.presence}`)}</span>}
        </span>
      </Link>
      {profile.hosted && <HostedMark className="chat-header-hosted" />}
    </header>
  );
}

/** Loads the page before the oldest one when it scrolls into view (or on a click). */
function OlderLoader({ onOlder }: { onOlder: () => Promise<unknown> }) {
  const { t } = useTranslation('chat');
  const button = useRef<HTMLButtonElement>(null);
  const [loading, setLoading] = useState(false);
  const load = useCallback(async () => {
    setLoading(true);
    await onOlder().finally(() => setLoading(false));
  }, [onOlder]);
  useEffect(() => {
    const element = button.current;
    if (!element || loading) return;
    const observer = new IntersectionObserver((entries) => entries[0]?.isIntersecting && void load());
    observer.observe(element);
    return () => observer.disconnect();
  }, [load, loading]);
  return (
    <button ref={button} type="button" className="btn btn-link chat-older" onClick={load} disabled={loading}>
      {loading ? t('older.loading') : t('older.load')}
    </button>
  );
}

/**
 * Keeps the newest message in view as messages arrive (when the member was at the bottom or just
 * sent one), and keeps the view still while older messages are put above it.
 */
function useScrollKeeper(count: number, typing: boolean, wrote: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const fromBottom = useRef<number | null>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const onScroll = () => {
      atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 80;
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, []);

  // Runs whenever the content grows (count, typing, the push prompt after the member's first message here).
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (fromBottom.current !== null) {
      element.scrollTop = element.scrollHeight - fromBottom.current;
      fromBottom.current = null;
    } else if (atBottom.current) {
      element.scrollTop = element.scrollHeight;
    }
  }, [count, typing, wrote]);

  const keepPosition = (load: () => Promise<unknown>) => async () => {
    const element = ref.current;
    if (element) fromBottom.current = element.scrollHeight - element.scrollTop;
    await load();
  };
  const stickToBottom = () => {
    atBottom.current = true;
  };
  return { ref, keepPosition, stickToBottom };
}
