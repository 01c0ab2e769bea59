import { useTranslation } from '../../i18n';
import * as icons from '../../shared/components/icons';
import { Tab } from '../../shared/components/Tab';
import { unreadOf, useChats } from './api';

/** The messages place of the member navigation, with the count of unread messages. */
export function MessagesTab() {
  const { t } = useTranslation();
  const { data: chats } = useChats();
  const count = unreadOf(chats);
  return (
    <Tab
      to="/chats"
      icon={icons.chat}
      label={t('nav.messages')}
      count={count}
      countLabel={t('nav.unreadMessages', { count })}
      current={['/chats/*', '/members/:id/chat']}
    />
  );
}
