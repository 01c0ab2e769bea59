import Button from 'react-bootstrap/Button';
import { useResendActivationMail } from '../../api/hooks';
import { useTranslation } from '../../i18n';

/** Sends the activation mail again, and says whether it went. */
export function ResendActivation({ variant = 'outline-dark' }: { variant?: string }) {
  const { t } = useTranslation();
  const resend = useResendActivationMail();
  return (
    <>
      {resend.isSuccess && <p className="mb-2 fw-semibold">{t('activation.resent')}</p>}
      {resend.isError && <p className="mb-2 text-danger">{resend.error.message}</p>}
      <Button
        variant={variant}
        size="sm"
        onClick={() => resend.mutate()}
        disabled={resend.isPending || resend.isSuccess}
      >
        {t('activation.resend')}
      </Button>
    </>
  );
}
