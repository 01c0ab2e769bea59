import type { ProfileStatus } from '@amora/common';
import Badge from 'react-bootstrap/Badge';

const LABELS: Record<ProfileStatus, string> = {
  active: 'Active',
  disabled: 'Not activated',
  deleted: 'Deleted',
  suspended: 'Suspended',
};

/** A member profile's status as staff read it. */
export function MemberStatus({ status }: { status: ProfileStatus }) {
  return (
    <Badge bg={status === 'suspended' ? 'danger' : status === 'active' ? 'success' : 'secondary'}>
      {LABELS[status]}
    </Badge>
  );
}
