import { type QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { onAuthenticationLost } from '../api/client';
import { queryKeys, replaceUser, useUser } from '../api/hooks';
import { Loading } from '../components/Loading';
import { WaitingCount } from './layouts/WaitingCount';
import { claimPushSubscription, listenToServiceWorker } from './push';
import { router } from './router';

function AuthenticationLostListener() {
  const queryClient = useQueryClient();
  useEffect(() => onAuthenticationLost(() => void replaceUser(queryClient, null)), [queryClient]);
  return null;
}

/** What the service worker says: a push arrived (refresh now), or one was clicked (go where it points). */
function ServiceWorkerListener() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      listenToServiceWorker({
        signedIn: () => queryClient.getQueryData(queryKeys.user) != null,
        navigate: (path) => void router.navigate(path),
        refresh: () => void import('./live').then(({ refreshNow }) => refreshNow(queryClient)),
      }),
    [queryClient],
  );
  return null;
}

/** While a member is signed in: the live socket and the refresh cadence; both stop at logout. */
function LiveUpdates() {
  const queryClient = useQueryClient();
  const { user } = useUser();
  const userId = user?.id;
  useEffect(() => {
    if (userId === undefined) return;
    // Loaded only for a member, so a visitor's first load does not carry it.
    let stop: (() => void) | undefined;
    let left = false;
    void import('./live').then(({ connectLive, startRefreshCadence }) => {
      if (left) return;
      void claimPushSubscription().catch(() => undefined);
      const disconnect = connectLive(queryClient);
      const stopRefreshing = startRefreshCadence(queryClient);
      stop = () => {
        disconnect();
        stopRefreshing();
      };
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [queryClient, userId]);
  return null;
}

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthenticationLostListener />
      <LiveUpdates />
      <ServiceWorkerListener />
      <WaitingCount />
      <Suspense fallback={<Loading />}>
        <RouterProvider router={router} />
      </Suspense>
    </QueryClientProvider>
  );
}
