import type { User } from '@amora/common';
import { createContext, useContext } from 'react';
import { Navigate, Outlet, useLocation, useNavigation } from 'react-router';
import { useUser } from '../api/hooks';
import { Loading } from '../components/Loading';

const MemberContext = createContext<User | null>(null);

/** The signed-in member, for a page under RequireMember; it never renders for a visitor. */
export function useMember(): User {
  const member = useContext(MemberContext);
  if (!member) throw new Error('useMember() is only for routes under <RequireMember>');
  return member;
}

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
