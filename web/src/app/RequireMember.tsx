import { Navigate, Outlet, useLocation, useNavigation } from 'react-router';
import { useUser } from '../api/hooks';
import { MemberContext } from '../features/accounts/member-context';
import { Loading } from '../shared/components/Loading';

/**
 * The routes for members: a visitor, or a member whose session just ended, logs in first and is
 * brought back to the same address. A session that ends on the way elsewhere (deleting the
 * account leads to /account-deleted) lets that navigation finish instead of sending to login.
 */
export function RequireMember() {
  const { user, isLoading } = useUser();
  const { pathname, search } = useLocation();
  const navigation = useNavigation();
  if (isLoading || (!user && navigation.state !== 'idle')) return <Loading />;
  if (!user) return <Navigate to={`/login?next=${encodeURIComponent(pathname + search)}`} replace />;
  return (
    <MemberContext.Provider value={user}>
      <Outlet />
    </MemberContext.Provider>
  );
}
