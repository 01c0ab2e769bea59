import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { exportDownloadUrl, useDataExport, useRequestExport } from '../../api/exports';
import { useTranslation } from '../../i18n';
import { useDateLocale } from '../../i18n/date-locale';
import { formatDate } from '../../i18n/format';
import { Icon } from '../../shared/components/Icon';
import * as icons from '../../shared/components/icons';
import { Loading } from '../../shared/components/Loading';
import { SettingsSection } from './SettingsSection';

/** "Download my data": ask for a copy, see it being prepared, then download it until it expires. */
export function ExportSection() {
  const { t } = useTranslation();
  const dateLocale = useDateLocale();
  const latest = useDataExport();
  const request = useRequestExport();
  const current = latest.data;
  const preparing = current?.status === 'preparing';
  const failure = request.error?.message ?? (latest.isError ? latest.error.message : null);
  return (
    <SettingsSection
      id="export"
      icon={icons.dataExport}
      title={t('settings.export.title')}
      value={current ? t(preparing ? 'settings.export.preparing' : 'settings.export.ready') : undefined}
    >
      {latest.isPending && <Loading />}
      {failure && <Alert variant="danger">{failure}</Alert>}
      {latest.isSuccess && current === null && (
        <>
          <p>{t('settings.export.intro')}</p>
          <Button variant="primary" disabled={request.isPending} onClick={() => request.mutate()}>
            {t('settings.export.request')}
          </Button>
        </>
      )}
      {preparing && (
        <p className="mb-0 d-flex align-items-center gap-2">
          <Icon svg={icons.pending} />
          <span>{t('settings.export.preparingText')}</span>
        </p>
      )}
      {current?.status === 'ready' && current.expires_at && (
        <>
          <p>{t('settings.export.readyText', { date: formatDate(current.expires_at, dateLocale) })}</p>
          <a className="btn btn-primary" href={exportDownloadUrl(current.id)} download>
            <Icon svg={icons.download} className="me-2" />
            {t('settings.export.download')}
          </a>
        </>
      )}
    </SettingsSection>
  );
}
