import { TYPING_SIGNAL_MS } from '@amora/common';
import { useId, useRef, useState } from 'react';
import { useSettings, useUser } from '../../api/hooks';
import { signal } from '../../api/live';
import { useTranslation } from '../../i18n';
import { Icon } from '../../shared/components/Icon';
import * as icons from '../../shared/components/icons';
import type { Outgoing } from './api';
import { GiftPicker } from './GiftPicker';

const FINE_POINTER = '(pointer: fine)';

/**
 * Writing a message: the text with its counter against the site's message_length, a gift, a photo.
 * With a keyboard, Enter sends and Shift+Enter starts a new line; on a phone the send button does.
 * Beside Send, what the next message costs as the server charges it: a free message while there
 * are, then the member's price of a message with the balance it comes off (the chat has no top bar).
 */
export function Composer({
  conversation,
  draft,
  onDraft,
  onSend,
}: {
  conversation: number | null;
  draft: string;
  onDraft: (text: string) => void;
  onSend: (outgoing: Outgoing) => void;
}) {
  const { t } = useTranslation('chat');
  const { data: settings } = useSettings();
  const { user } = useUser();
  const [gifts, setGifts] = useState(false);
  const photoInput = useRef<HTMLInputElement>(null);
  const lastTyping = useRef(0);
  const counterId = useId();
  const maxLength = settings?.message_length ?? 0;
  const text = draft.trim();
  const costId = useId();

  const sendText = () => {
    if (text === '' || draft.length > maxLength) return;
    onSend({ text: draft });
    onDraft('');
  };
  const onChange = (value: string) => {
    onDraft(value);
    const now = Date.now();
    if (conversation !== null && now - lastTyping.current > TYPING_SIGNAL_MS / 2) {
      lastTyping.current = now;
      signal({ type: 'typing', conversation });
    }
  };

  return (
    <form
      className="chat-composer"
      onSubmit={(event) => {
        event.preventDefault();
        sendText();
      }}
    >
      {user && (
        <p id={costId} className="composer-cost" data-testid="message-cost">
          {user.free_messages > 0 ? (
            t('composer.free', { count: user.free_messages })
          ) : (
            <>
              <span>{t('composer.perMessage', { count: user.message_prices.text })}</span>
              {' · '}
              <span>{t('credits:balance', { count: user.credits })}</span>
            </>
          )}
        </p>
      )}
      <button type="button" className="btn composer-button" onClick={() => setGifts(true)} aria-label={t('gift.open')}>
        <Icon svg={icons.gift} />
      </button>
      <button
        type="button"
        className="btn composer-button"
        onClick={() => photoInput.current?.click()}
        aria-label={user ? t('photo.send_price', { count: user.message_prices.photo }) : t('photo.send')}
        title={user ? t('photo.send_price', { count: user.message_prices.photo }) : undefined}
      >
        <Icon svg={icons.photo} />
      </button>
      <input
        ref={photoInput}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onSend({ photo: file });
        }}
      />
      <div className="composer-field">
        <textarea
          className="form-control"
          rows={1}
          value={draft}
          maxLength={maxLength}
          placeholder={t('composer.placeholder')}
          aria-label={t('composer.label')}
          aria-describedby={counterId}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && window.matchMedia(FINE_POINTER).matches) {
              event.preventDefault();
              sendText();
            }
          }}
        />
        <span id={counterId} className={`composer-counter ${draft.length >= maxLength ? 'text-danger' : ''}`}>
          <span aria-hidden="true">
            {draft.length}/{maxLength}
          </span>
          <span className="visually-hidden">{t('composer.counter', { length: draft.length, max: maxLength })}</span>
        </span>
      </div>
      <button
        type="submit"
        className="btn btn-primary composer-send"
        disabled={text === ''}
        aria-label={t('composer.send')}
        aria-describedby={user ? costId : undefined}
      >
        <Icon svg={icons.send} />
      </button>
      <GiftPicker
        show={gifts}
        onClose={() => setGifts(false)}
        onPick={(gift) => {
          setGifts(false);
          onSend({ gift_id: gift });
        }}
      />
    </form>
  );
}
