import { staffSessionRoutes } from '@amora/common/routes/staff-session';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { signedOut, staffKeys } from '../shared/api';

/** Where the staff member signed in is signed in. */
export function useStaffSessions() {
  return useQuery({
    queryKey: staffKeys.sessions,
    queryFn: async () => (await api(staffSessionRoutes.staffSessions)).sessions,
  });
}

/** Ends one of one's own sessions; ending this browser's signs out here. */
export function useEndStaffSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (session: { id: string; current: boolean }) =>
      api(staffSessionRoutes.endStaffSession, { session: session.id }),
    onSuccess: (_answer, session) => {
      if (session.current) signedOut(queryClient);
      else void queryClient.invalidateQueries({ queryKey: staffKeys.sessions });
    },
  });
}
