import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { Icon } from '../../shared/components/Icon';
import * as icons from '../../shared/components/icons';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';

/**
 * /chats: the conversations (ChatsLayout's list). Beside the list on a desktop, until one is
 * picked, an invitation to pick one; a phone shows the list alone.
 */
export default function ChatsPage() {
  const { t } = useTranslation('chat');
  useDocumentTitle(t('list.title'));
  return (
    <div className="chats-pick">
      <span className="chats-pick-icon">
        <Icon svg={icons.chat} />
      </span>
      <h2 className="h4">{t('pick.title')}</h2>
      <p>{t('pick.text')}</p>
      <Link to="/members" className="btn btn-outline-primary">
        <Icon svg={icons.members} /> {t('list.findMembers')}
      </Link>
    </div>
  );
}
