import { type QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, Suspense, useEffect } from 'react';
import { onAuthenticationLost } from '../api/client';
import { queryKeys, replaceUser, useUser } from '../api/hooks';
import { claimPushSubscription, listenToServiceWorker } from '../features/notifications/push';
import { Loading } from '../shared/components/Loading';
import { setWaitingCount } from '../shared/document-title';
import { useMemberChrome } from './layouts/member-chrome';

function AuthenticationLostListener() {
  const queryClient = useQueryClient();
  useEffect(() => onAuthenticationLost(() => void replaceUser(queryClient, null)), [queryClient]);
  return null;
}

/** What the service worker says: a push arrived (refresh now), or one was clicked (go where it points). */
function ServiceWorkerListener({ navigate }: { navigate: (path: string) => void }) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      listenToServiceWorker({
        signedIn: () => queryClient.getQueryData(queryKeys.user) != null,
        navigate,
        refresh: () => void import('../api/live').then(({ refreshNow }) => refreshNow(queryClient)),
      }),
    [queryClient, navigate],
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
    void import('../api/live').then(({ connectLive, startRefreshCadence }) => {
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

/** What waits for a signed-in member in the tab's title; nothing once they sign out. */
function WaitingCount() {
  const signedIn = Boolean(useUser().user);
  const member = useMemberChrome();
  useEffect(() => {
    if (!signedIn) setWaitingCount(0);
  }, [signedIn]);
  return member && <member.WaitingCount />;
}

/**
 * The app around its router: the browser's (main.tsx) or, for the first screen, the server's
 * (render.tsx). `navigate` goes to a path from outside the router's tree.
 */
export function App({
  queryClient,
  navigate,
  children,
}: {
  queryClient: QueryClient;
  navigate: (path: string) => void;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthenticationLostListener />
      <LiveUpdates />
      <ServiceWorkerListener navigate={navigate} />
      <WaitingCount />
      <Suspense fallback={<Loading />}>{children}</Suspense>
    </QueryClientProvider>
  );
}
