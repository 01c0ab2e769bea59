import { Outlet } from 'react-router';
import { SignupModal } from '../../features/accounts/SignupModal';

/** Just the page (and the signup dialog): for screens that stand on their own, such as the goodbye after deletion. */
export function EmptyLayout() {
  return (
    <>
      <main id="content">
        <Outlet />
      </main>
      <SignupModal />
    </>
  );
}
