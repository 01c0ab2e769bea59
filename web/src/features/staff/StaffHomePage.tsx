import { Navigate } from 'react-router';
import { useStaffMe } from './shared/api';
import { firstPageFor } from './shared/StaffNav';

/** /staff (every role, signed in): the role's first page in the bar. */
export default function StaffHomePage() {
  const me = useStaffMe();
  return me.data ? <Navigate to={firstPageFor(me.data.role)} replace /> : null;
}
