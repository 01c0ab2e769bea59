import { visitorMaySignUp } from '@amora/common';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { Link, useLocation } from 'react-router';
import { useSettings, useUser } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { DialogAlert, Modal } from '../../shared/components/dialogs';
import { Loading } from '../../shared/components/Loading';
import { withNext } from '../../shared/next-path';
import { storedTracking } from './tracking';

// Loaded when the dialog first opens, so a visitor's first page does not carry the form.
const SignupForm = lazy(() => import('./SignupForm').then(({ SignupForm }) => ({ default: SignupForm })));

let shown = false;
const listeners = new Set<() => void>();

function setShown(value: boolean) {
  shown = value;
  for (const listener of listeners) listener();
}

/** Opens the signup dialog over the page the visitor is on (login prompts ask for it). */
export function openSignupModal() {
  setShown(true);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The signup dialog of the default and empty layouts (SPEC §2): signing up here keeps the new
 * member on the page they were on, now with a member's view of it.
 */
export function SignupModal() {
  const { t } = useTranslation();
  const open = useSyncExternalStore(
    subscribe,
    () => shown,
    () => false,
  );
  const { user } = useUser();
  const { data: settings } = useSettings();
  const { pathname, search } = useLocation();
  const close = () => setShown(false);
  const mayJoin = !settings || visitorMaySignUp(settings, storedTracking());

  return (
    <Modal show={open && !user} onHide={close} centered fullscreen="sm-down" aria-labelledby="signup-modal-title">
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title id="signup-modal-title" as="h2" className="h4">
          {t('signup.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {mayJoin ? (
          <Suspense fallback={<Loading />}>
            <SignupForm onSignedUp={close} />
          </Suspense>
        ) : (
          <DialogAlert variant="info">{t('errors:signup_closed')}</DialogAlert>
        )}
        <p className="text-center mt-3 mb-0">
          {t('signup.haveAccount')}{' '}
          <Link to={withNext('/login', `${pathname}${search}`)} onClick={close}>
            {t('nav.login')}
          </Link>
        </p>
      </Modal.Body>
    </Modal>
  );
}
