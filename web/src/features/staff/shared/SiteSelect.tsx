import Form from 'react-bootstrap/Form';
import { useStaffSites } from './api';
import { useStaffWords } from './words';

/** A list filter's site: every site of the deployment, and all of them ('') unless the list is of one site. */
export function SiteSelect({
  value,
  onChange,
  allSites = true,
}: {
  value: string;
  onChange: (site: string) => void;
  allSites?: boolean;
}) {
  const sites = useStaffSites();
  const { t } = useStaffWords();
  return (
    <Form.Select aria-label={t('shared.site')} value={value} onChange={(e) => onChange(e.target.value)}>
      {allSites && <option value="">{t('shared.allSites')}</option>}
      {sites.data?.map((site) => (
        <option key={site.id} value={site.id}>
          {site.name}
        </option>
      ))}
    </Form.Select>
  );
}
