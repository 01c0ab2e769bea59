import type { ChatEntry } from '@amora/common';
import { useTranslation } from '../../i18n';

type LastMessage = NonNullable<ChatEntry['last_message']>;

/** What the conversation list says of the last message: its text, or which gift or that a photo was sent. */
export function useMessagePreview() {
  const { t } = useTranslation('chat');
  return (message: LastMessage) => {
    const said =
      message.kind === 'text'
        ? (message.text ?? '')
        : message.kind === 'gift'
          ? t('preview.gift', { gift: t(`gifts.${message.gift}`) })
          : t('preview.photo');
    return message.from_me ? t('preview.mine', { said }) : said;
  };
}
