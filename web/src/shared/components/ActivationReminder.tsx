import type { User } from '@amora/common';
import Alert from 'react-bootstrap/Alert';
import Container from 'react-bootstrap/Container';
import { useLocation } from 'react-router';
import { useUser } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { useDismissal } from '../hooks/useDismissal';
import { Modal } from './dialogs';
import { ResendActivation } from './ResendActivation';

const DISMISSED_KEY = 'amora.activation-reminder-dismissed';
export const SIGNUP_COMPLETE_KEY = 'amora.signup-complete';
const NOT_ON = ['/signup', '/notifications'];
const SMARTPHONE = '(max-width: 767.98px)';

/**
 * Whether to remind the member to activate (SPEC §2): while the user is not_confirmed and the
 * profile disabled, unless notification mail is off (a bounce, a spam complaint, an unsubscribe:
 * the activation mail may not arrive then). Closed, it comes back on the member's next visit: without
 * activating the profile stays hidden. Null when there is nothing to show.
 */
export function useActivationReminder() {
  const { pathname } = useLocation();
  const { user } = useUser();
  const closing = useDismissal(user && `${DISMISSED_KEY}.${user.id}`, 'visit');
  const needed =
    user !== null &&
    user.status === 'not_confirmed' &&
    user.profile.status === 'disabled' &&
    user.notifications_disabled.length === 0 &&
    !NOT_ON.includes(pathname);
  if (!needed || closing.dismissed) return null;

  const dismiss = () => {
    closing.dismiss();
    sessionStorage.removeItem(SIGNUP_COMPLETE_KEY);
  };
  return { user, dismiss };
}

/** Whether the reminder comes as a modal: right after signup, on a phone (SPEC §2). */
const activationAsModal = () =>
  sessionStorage.getItem(SIGNUP_COMPLETE_KEY) === '1' && window.matchMedia(SMARTPHONE).matches;

/** The activation reminder: right after signup on a phone a modal, otherwise a short alert. */
export function ActivationReminder({ user, dismiss }: { user: User; dismiss: () => void }) {
  const { t } = useTranslation();
  const asModal = activationAsModal();
  const sent = <span>{t('activation.body', { email: user.email })}</span>;
  const arrives = <span>{t('activation.arrives')}</span>;

  if (asModal) {
    return (
      <Modal show onHide={dismiss} centered aria-labelledby="activation-title">
        <Modal.Header closeButton closeLabel={t('common.close')}>
          <Modal.Title id="activation-title">{t('activation.title')}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="mb-2">{sent}</p>
          <p className="mb-2">{arrives}</p>
          <ResendActivation />
        </Modal.Body>
      </Modal>
    );
  }
  return (
    <Container className="pt-3">
      {/* A banner keeps to a few lines (issue 51): where the mail went, when it comes, sending it again. */}
      <Alert variant="warning" dismissible onClose={dismiss} closeLabel={t('common.close')} className="small mb-0">
        <Alert.Heading as="h2" className="h6 mb-1">
          {t('activation.title')}
        </Alert.Heading>
        <p className="mb-2">
          {sent} {arrives}
        </p>
        <ResendActivation />
      </Alert>
    </Container>
  );
}
