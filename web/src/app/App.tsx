import { type QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { onAuthenticationLost } from '../api/client';
import { replaceUser } from '../api/hooks';
import { Loading } from '../components/Loading';
import { router } from './router';

function AuthenticationLostListener() {
  const queryClient = useQueryClient();
  useEffect(() => onAuthenticationLost(() => void replaceUser(queryClient, null)), [queryClient]);
  return null;
}

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthenticationLostListener />
      <Suspense fallback={<Loading />}>
        <RouterProvider router={router} />
      </Suspense>
    </QueryClientProvider>
  );
}
