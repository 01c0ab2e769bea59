import type { ReportReason } from '@amora/common';
import { staffMemberRoutes } from '@amora/common/routes/staff-members';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { staffKeys } from '../shared/api';

/** Members found by id, the start of a name, or (admins) an address. */
export function useStaffMembers(query: string) {
  return useQuery({
    queryKey: staffKeys.members(query),
    queryFn: () => api(staffMemberRoutes.findMembers, { q: query }),
    enabled: query.trim() !== '',
  });
}

export function useStaffMember(id: number) {
  return useQuery({
    queryKey: staffKeys.member(id),
    queryFn: () => api(staffMemberRoutes.member, { id }),
    retry: false,
  });
}

export interface MemberAction {
  action: 'suspend' | 'ban' | 'lift' | 'credits' | 'activation';
  reason?: ReportReason;
  amount?: number;
  explanation?: string;
}

/** Suspends, bans, lifts, or adjusts credits; the answer is the member as it now stands. */
export function useActOnMember(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MemberAction) => api(staffMemberRoutes.actOnMember, { member: id, ...input }),
    onSuccess: (answer) => queryClient.setQueryData(staffKeys.member(id), answer),
  });
}

/** Erases a member's account at once (admins); the desk then has no such member. */
export function useEraseMember(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (explanation: string) => api(staffMemberRoutes.eraseMember, { member: id, explanation }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: staffKeys.member(id) });
      return queryClient.invalidateQueries({ queryKey: ['staff', 'members'] });
    },
  });
}
