import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Container from 'react-bootstrap/Container';
import { Link, useLocation } from 'react-router';
import { useUser } from '../../api/hooks';
import { useTranslation } from '../../i18n';

const DISMISSED_KEY = 'amora.profile-photo-alert-dismissed';
const NOT_ON = ['/profile', '/complete-signup'];

/** SPEC §2: whether to ask for a profile photo: while the member has no main image, until closed. Null when not. */
export function useProfilePhotoAlert() {
  const { user } = useUser();
  const { pathname } = useLocation();
  const key = `${DISMISSED_KEY}.${user?.id}`;
  const [dismissed, setDismissed] = useState(false);
  if (!user || user.profile.main_image || NOT_ON.includes(pathname) || dismissed || localStorage.getItem(key) === '1') {
    return null;
  }
  const dismiss = () => {
    localStorage.setItem(key, '1');
    setDismissed(true);
  };
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
