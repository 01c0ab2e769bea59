import Alert from 'react-bootstrap/Alert';
import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { exportReadyNotice, useExportReadyNotice } from '../../api/exports';
import { useTranslation } from '../../i18n';

/** Whether to say that the member's data is ready: it became ready while the app was open. Null when not. */
export function useExportReadyAlert() {
  return useExportReadyNotice() ? { dismiss: exportReadyNotice.dismiss } : null;
}

/** The member's copy of their data is ready, with a link to where it is downloaded. */
export function ExportReadyAlert({ dismiss }: { dismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <Container className="pt-3">
      <Alert
        variant="success"
        dismissible
        onClose={dismiss}
        closeLabel={t('common.close')}
        className="mb-0"
        role="status"
      >
        {t('settings.export.notice')}{' '}
        <Link to="/notifications#export" onClick={dismiss}>
          {t('settings.export.noticeLink')}
        </Link>
      </Alert>
    </Container>
  );
}
