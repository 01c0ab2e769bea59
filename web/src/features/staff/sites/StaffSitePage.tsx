import Alert from 'react-bootstrap/Alert';
import { Link, useParams } from 'react-router';
import { Loading } from '../../../shared/components/Loading';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useStaffWords } from '../shared/words';
import { useStaffSite } from './api';
import { SiteEditor } from './SiteEditor';

/** /staff/sites/{id} (admins): everything about a site, with a preview of what members see. */
export default function StaffSitePage() {
  const { t } = useStaffWords();
  const id = Number(useParams().id);
  const view = useStaffSite(id);
  useDocumentTitle(view.data ? t('sites.pageTitle', { name: view.data.site.name }) : t('sites.site'));
  if (view.isPending) return <Loading />;
  if (!view.data) {
    return (
      <Alert variant="warning">
        {view.error?.message} <Link to="/staff/sites">{t('sites.backToSites')}</Link>
      </Alert>
    );
  }
  return <SiteEditor saved={view.data} />;
}
