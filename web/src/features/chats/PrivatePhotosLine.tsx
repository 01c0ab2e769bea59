import type { ChatMessage, ChatProfile } from '@amora/common';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { useMember, usePrivatePhotos } from '../../api/members';
import { useTranslation } from '../../i18n';
import { Icon } from '../../shared/components/Icon';
import * as icons from '../../shared/components/icons';
import { ProfilePhoto } from '../../shared/components/ProfilePhoto';

/**
 * A line the app wrote about private photos: asked, shared, no longer shared, declined. The latest
 * of its kind carries what can be done now: the owner shares or declines a request, and stops
 * sharing; the member shared with sees the photos inline, while the share lasts.
 */
export function PrivatePhotosLine({
  message,
  profile,
  latest,
}: {
  message: ChatMessage;
  profile: ChatProfile;
  /** The newest line of this kind from this side. */
  latest: boolean;
}) {
  const { t } = useTranslation('chat');
  const member = useMember(profile.id).data;
  const answer = usePrivatePhotos(profile.id);
  const side = message.from_me ? 'mine' : 'theirs';
  const openRequest =
    latest && !message.from_me && message.kind === 'photos_asked' && member?.my_private_photos === 'asked';
  const sharedWithMe =
    latest && !message.from_me && message.kind === 'photos_shared' && member?.private_access === 'granted';
  const sharedByMe =
    latest && message.from_me && message.kind === 'photos_shared' && member?.my_private_photos === 'granted';
  return (
    <li className="chat-line">
      <p className="chat-line-text">
        <Icon svg={message.kind === 'photos_shared' ? icons.unlocked : icons.locked} className="chat-line-icon" />
        {t(`lines.${message.kind}.${side}`, { name: profile.name })}
      </p>
      {sharedWithMe && member.private_photos.length > 0 && (
        <ul className="chat-line-photos list-unstyled">
          {member.private_photos.map((photo) => (
            <li key={photo.id}>
              <Link to={`/members/${profile.id}`} aria-label={t('lines.open', { name: profile.name })}>
                <ProfilePhoto image={photo} name={profile.name} alt={t('lines.photo', { name: profile.name })} thumb />
              </Link>
            </li>
          ))}
        </ul>
      )}
      {openRequest && (
        <div className="chat-line-actions">
          <Button variant="primary" size="sm" onClick={() => answer.mutate('grant')} disabled={answer.isPending}>
            {t('lines.grant')}
          </Button>
          <Button
            variant="outline-secondary"
            size="sm"
            onClick={() => answer.mutate('decline')}
            disabled={answer.isPending}
          >
            {t('lines.decline')}
          </Button>
        </div>
      )}
      {sharedByMe && (
        <div className="chat-line-actions">
          <Button
            variant="outline-secondary"
            size="sm"
            onClick={() => answer.mutate('revoke')}
            disabled={answer.isPending}
          >
            {t('lines.revoke')}
          </Button>
        </div>
      )}
      {answer.isError && <p className="chat-line-text text-danger">{answer.error.message}</p>}
    </li>
  );
}
