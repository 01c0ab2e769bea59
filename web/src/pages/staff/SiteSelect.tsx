import Form from 'react-bootstrap/Form';
import { useStaffSites } from './api';

/** A list filter's site: every site of the deployment, or all of them (''). */
export function SiteSelect({ value, onChange }: { value: string; onChange: (site: string) => void }) {
  const sites = useStaffSites();
  return (
    <Form.Select size="sm" aria-label="Site" value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">All sites</option>
      {sites.data?.map((site) => (
        <option key={site.id} value={site.id}>
          {site.name}
        </option>
      ))}
    </Form.Select>
  );
}
