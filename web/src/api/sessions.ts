/** Where the member is signed in: their sessions, and signing one or all others out. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

const sessionsKey = ['sessions'] as const;

export function useSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: async () => (await api.get('/api/sessions.php', 'sessionsResponse')).sessions,
  });
}

/** Signs one session out, or with no id every other one; the list is fetched again. */
export function useEndSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | null) =>
      id === null
        ? api.delete('/api/sessions.php', 'sessionsEndedResponse', {})
        : api.delete('/api/session.php', 'okResponse', { id }),
    // A session another device ended first is gone all the same.
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
