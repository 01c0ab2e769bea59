import type { ProfileStatus } from '@amora/common';
import Badge from 'react-bootstrap/Badge';
import { useStaffWords } from '../shared/words';

/** A member profile's status as staff read it. */
export function MemberStatus({ status }: { status: ProfileStatus }) {
  const { t } = useStaffWords();
  return (
    <Badge bg={status === 'suspended' ? 'danger' : status === 'active' ? 'success' : 'secondary'}>
      {t(`members.statuses.${status}`)}
    </Badge>
  );
}
