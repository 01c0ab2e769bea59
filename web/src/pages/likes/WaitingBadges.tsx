import { useEffect } from 'react';
import Badge from 'react-bootstrap/Badge';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUser } from '../../api/hooks';
import { badgeText, setWaitingCount } from '../../app/document-title';
import { newLikesOf, useLikes } from './api';

/** The top bar's likes button, with the count of new likes. */
export function LikesLink() {
  const { t } = useTranslation();
  const { data: likes } = useLikes();
  const count = newLikesOf(likes);
  return (
    <Link to="/likes" className="btn btn-outline-light btn-sm top-likes">
      <span aria-hidden="true">♥</span>
      <span className="d-none d-sm-inline"> {t('nav.likes')}</span>
      <span className="visually-hidden d-sm-none">{t('nav.likes')}</span>
      {count > 0 && (
        <Badge pill bg="danger" className="top-badge">
          <span aria-hidden="true">{badgeText(count)}</span>
          <span className="visually-hidden"> {t('nav.newLikes', { count })}</span>
        </Badge>
      )}
    </Link>
  );
}

/** Puts what waits for the member (new likes; unread messages once chat exists) in the tab title and app badge. */
export function WaitingCount() {
  const { user } = useUser();
  const { data: likes } = useLikes();
  const count = user ? newLikesOf(likes) : 0;
  useEffect(() => setWaitingCount(count), [count]);
  return null;
}
