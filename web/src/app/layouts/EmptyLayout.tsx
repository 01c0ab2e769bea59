import { Outlet } from 'react-router';

/** Just the page: for screens that stand on their own, such as the goodbye after deletion. */
export function EmptyLayout() {
  return (
    <main id="content">
      <Outlet />
    </main>
  );
}
