import Form from 'react-bootstrap/Form';
import { useStaffSites } from './api';

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
  return (
    <Form.Select size="sm" aria-label="Site" value={value} onChange={(e) => onChange(e.target.value)}>
      {allSites && <option value="">All sites</option>}
      {sites.data?.map((site) => (
        <option key={site.id} value={site.id}>
          {site.name}
        </option>
      ))}
    </Form.Select>
  );
}
