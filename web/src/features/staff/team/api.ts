import type { AddStaffRequest, StaffRole } from '@amora/common';
import { staffTeamRoutes } from '@amora/common/routes/staff-team';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { staffKeys } from '../shared/api';

/** The staff accounts, for an admin. */
export function useStaffTeam() {
  return useQuery({
    queryKey: staffKeys.team,
    queryFn: async () => (await api(staffTeamRoutes.team)).staff,
  });
}

/** Adds a staff account; the answer carries its first password, which is never shown again. */
export function useAddStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddStaffRequest) => api(staffTeamRoutes.addStaff, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.team }),
  });
}

/** Another account's role, or disabled (its sessions end at once) or enabled again, or its app reset. */
export function useChangeStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: {
      id: number;
      role?: StaffRole;
      disabled?: boolean;
      reset_two_step?: true;
      capacity?: number;
      unlock?: true;
    }) => api(staffTeamRoutes.changeStaff, change),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.team }),
  });
}
