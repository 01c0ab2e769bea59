import Alert from 'react-bootstrap/Alert';
import { Link, useParams } from 'react-router';
import { Loading } from '../../../shared/components/Loading';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useStaffSite } from './api';
import { SiteEditor } from './SiteEditor';

/** /staff/sites/{id} (admins): everything about a site, with a preview of what members see. */
export default function StaffSitePage() {
  const id = Number(useParams().id);
  const view = useStaffSite(id);
  useDocumentTitle(view.data ? `${view.data.site.name} (site)` : 'Site');
  if (view.isPending) return <Loading />;
  if (!view.data) {
    return (
      <Alert variant="warning">
        {view.error?.message} <Link to="/staff/sites">Back to the sites</Link>
      </Alert>
    );
  }
  return <SiteEditor saved={view.data} />;
}
