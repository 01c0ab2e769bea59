import Alert from 'react-bootstrap/Alert';
import Container from 'react-bootstrap/Container';
import { Link, useLocation } from 'react-router';
import { useUser } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { useDismissal } from '../hooks/useDismissal';

const DISMISSED_KEY = 'amora.profile-photo-alert-dismissed';
const NOT_ON = ['/profile', '/complete-signup'];

/** SPEC §2: whether to ask for a profile photo: while the member has no main image; closed, again the next day. Null when not. */
export function useProfilePhotoAlert() {
  const { user } = useUser();
  const { pathname } = useLocation();
  const { dismissed, dismiss } = useDismissal(user && `${DISMISSED_KEY}.${user.id}`, 'day');
  if (!user || user.profile.main_image || NOT_ON.includes(pathname) || dismissed) return null;
  return { dismiss };
}

/** Asks for a profile photo, with a link to where photos are added. */
export function ProfilePhotoAlert({ dismiss }: { dismiss: () => void }) {
  const { t } = useTranslation('members');
  return (
    <Container className="pt-3">
      <Alert variant="info" dismissible onClose={dismiss} closeLabel={t('gallery.close')} className="mb-0">
        {t('photoAlert.body')} <Link to="/profile#photos">{t('photoAlert.action')}</Link>
      </Alert>
    </Container>
  );
}
