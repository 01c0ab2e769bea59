import Alert from 'react-bootstrap/Alert';
import { Link, useLocation } from 'react-router';
import type { ApiError } from '../../api/client';
import { useTranslation } from '../../i18n';
import { ResendActivation } from '../../shared/components/ResendActivation';
import { withNext } from '../../shared/next-path';

/**
 * Why a message did not go out, with the way on: buying credits, becoming premium, activating the
 * account (with the mail sent again), or just what went wrong.
 */
export function SendProblem({ error, onClose }: { error: ApiError; onClose?: () => void }) {
  const { t } = useTranslation('chat');
  const here = useLocation();
  const dismissible = onClose !== undefined;
  const common = { dismissible, onClose, closeLabel: t('app:common.close'), className: 'chat-alert' };

  if (error.code === 'insufficient_credits' || error.code === 'free_conversation_limit') {
    return (
      <Alert variant="warning" {...common}>
        <p className="mb-2">{error.message}</p>
        <Link to={withNext('/credits', here.pathname)} className="btn btn-sm btn-primary">
          {t(error.code === 'insufficient_credits' ? 'credits.buy' : 'credits.premium')}
        </Link>
      </Alert>
    );
  }
  if (error.code === 'activation_required') {
    return (
      <Alert variant="info" {...common}>
        <p className="mb-2">{error.message}</p>
        <ResendActivation variant="primary" />
      </Alert>
    );
  }
  return (
    <Alert variant="danger" {...common}>
      {error.message}
    </Alert>
  );
}
