import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../api/hooks';
import { badgeText, setWaitingCount } from '../../app/document-title';
import { Tab } from '../../app/layouts/Tab';
import * as icons from '../../components/icons';
import { newLikesOf, useLikes } from './api';

/** The likes place of the member navigation, with the count of new likes. */
export function LikesTab() {
  const { t } = useTranslation();
  const { data: likes } = useLikes();
  const count = newLikesOf(likes);
  const badge = count > 0 && (
    <span className="tab-badge">
      <span aria-hidden="true">{badgeText(count)}</span>
      <span className="visually-hidden">{t('nav.newLikes', { count })}</span>
    </span>
  );
  return <Tab to="/likes" icon={icons.liked} label={t('nav.likes')} badge={badge} />;
}

/** Puts what waits for the member (new likes; unread messages once chat exists) in the tab title and app badge. */
export function WaitingCount() {
  const { user } = useUser();
  const { data: likes } = useLikes();
  const count = user ? newLikesOf(likes) : 0;
  useEffect(() => setWaitingCount(count), [count]);
  return null;
}
