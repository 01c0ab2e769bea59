import { type ChatEntry, isPrivatePhotoLine } from '@amora/common';
import { useTranslation } from '../../i18n';

type LastMessage = NonNullable<ChatEntry['last_message']>;

/** What the conversation list says of the last message: its text, which gift, that a photo was sent, or what happened to private photos. */
export function useMessagePreview() {
  const { t } = useTranslation('chat');
  return (message: LastMessage) => {
    if (isPrivatePhotoLine(message.kind)) return t(`preview.${message.kind}.${message.from_me ? 'mine' : 'theirs'}`);
    const said =
      message.kind === 'text'
        ? (message.text ?? '')
        : message.kind === 'gift'
          ? t('preview.gift', { gift: t(`gifts.${message.gift}`) })
          : t('preview.photo');
    return message.from_me ? t('preview.mine', { said }) : said;
  };
}
