import Button from 'react-bootstrap/Button';
import { Link, useLocation } from 'react-router';
import { openSignupModal } from '../../features/accounts/SignupModal';
import { useTranslation } from '../../i18n';

/** What a visitor sees where a member action would be: log in, or sign up for free right here. */
export function LoginPrompt({ message }: { message: string }) {
  const { t } = useTranslation(['members', 'app']);
  const { pathname, search } = useLocation();
  const back = encodeURIComponent(`${pathname}${search}`);
  return (
    <div className="login-prompt card border-0 shadow-sm p-4 text-center">
      <p className="mb-3">{message}</p>
      <div className="d-flex flex-wrap gap-2 justify-content-center">
        <Button variant="primary" onClick={openSignupModal}>
          {t('app:nav.join')}
        </Button>
        <Link to={`/login?next=${back}`} className="btn btn-outline-primary">
          {t('prompt.login')}
        </Link>
      </div>
    </div>
  );
}
