/** Where the member is signed in: their sessions, and signing one or all others out. */

import { sessionRoutes } from '@amora/common/routes/sessions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

const sessionsKey = ['sessions'] as const;

export function useSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: async () => (await api(sessionRoutes.sessions)).sessions,
  });
}

/** Signs one session out, or with no id every other one; the list is fetched again. */
export function useEndSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | null) =>
      id === null ? api(sessionRoutes.endOtherSessions) : api(sessionRoutes.endSession, { id }),
    // A session another device ended first is gone all the same.
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
