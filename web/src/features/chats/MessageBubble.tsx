import './chats.scss';
import type { ChatMessage } from '@amora/common';
import { useEffect, useMemo } from 'react';
import { useTranslation } from '../../i18n';
import { useDateLocale } from '../../i18n/date-locale';
import { formatTime } from '../../i18n/format';
import { Icon } from '../../shared/components/Icon';
import * as icons from '../../shared/components/icons';
import type { Outgoing } from './api';
import type { Pending } from './pending';

/** A gift's picture from the catalogue. */
export const giftImage = (gift: string) => `/gifts/${gift}.svg`;

/** A sent message: mine on the right, theirs on the left; under my last one, whether it was read. */
export function MessageBubble({ message, status }: { message: ChatMessage; status?: 'sent' | 'read' }) {
  const { t } = useTranslation('chat');
  const dateLocale = useDateLocale();
  return (
    <li className={`chat-message ${message.from_me ? 'chat-message-mine' : 'chat-message-theirs'}`}>
      <div className={`chat-bubble chat-bubble-${message.kind}`}>
        <MessageBody
          text={message.text}
          gift={message.gift}
          photo={message.photo && { ...message.photo, alt: t('photo.alt') }}
        />
        <time className="chat-time" dateTime={message.created_at}>
          {formatTime(message.created_at, dateLocale)}
        </time>
      </div>
      {status && (
        <span className={`chat-status chat-status-${status}`}>
          <Icon svg={status === 'read' ? icons.read : icons.sent} /> {t(`status.${status}`)}
        </span>
      )}
    </li>
  );
}

/** A message on its way, or one that could not be sent, with a retry. */
export function PendingBubble({ pending, onRetry }: { pending: Pending; onRetry: () => void }) {
  const { t } = useTranslation('chat');
  const photo = usePreview(pending.outgoing);
  const { outgoing } = pending;
  return (
    <li className="chat-message chat-message-mine chat-message-pending">
      <div
        className={`chat-bubble chat-bubble-${'photo' in outgoing ? 'photo' : 'gift_id' in outgoing ? 'gift' : 'text'}`}
      >
        <MessageBody
          text={'text' in outgoing ? outgoing.text : null}
          gift={'gift_id' in outgoing ? outgoing.gift_id : null}
          photo={photo}
        />
      </div>
      {pending.failed ? (
        <button type="button" className="btn btn-link chat-status chat-status-failed" onClick={onRetry}>
          <Icon svg={icons.retry} /> {t('status.failed')}
        </button>
      ) : (
        <span className="chat-status">
          <Icon svg={icons.clock} /> {t('status.sending')}
        </span>
      )}
    </li>
  );
}

function MessageBody({
  text,
  gift,
  photo,
}: {
  text: string | null;
  gift: string | null;
  photo: { url: string; width: number; height: number; alt: string } | null;
}) {
  const { t } = useTranslation('chat');
  if (gift) {
    return (
      <figure className="chat-gift">
        <img src={giftImage(gift)} alt="" width={96} height={96} />
        <figcaption>{t(`gifts.${gift}`)}</figcaption>
      </figure>
    );
  }
  if (photo) {
    return (
      <a href={photo.url} target="_blank" rel="noreferrer" className="chat-photo">
        <img src={photo.url} alt={photo.alt} width={photo.width} height={photo.height} loading="lazy" />
      </a>
    );
  }
  return <p className="chat-text">{text}</p>;
}

/** The photo being sent, shown from the file until the server has it. */
function usePreview(outgoing: Outgoing) {
  const { t } = useTranslation('chat');
  const file = 'photo' in outgoing ? outgoing.photo : null;
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url ? { url, width: 4, height: 3, alt: t('photo.alt') } : null;
}
