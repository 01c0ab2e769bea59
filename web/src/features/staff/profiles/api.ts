import type {
  HostedProfileChange,
  HostedProfileDetail,
  HostedStatus,
  NewHostedProfile,
  PersonaFacts,
} from '@amora/common';
import { staffHostedRoutes } from '@amora/common/routes/staff-hosted';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { type HostedFilter, staffKeys } from '../shared/api';

/** Hosted profiles, most conversations waiting first (operators: their own site's). */
export function useHostedProfiles(filter: HostedFilter) {
  return useQuery({
    queryKey: staffKeys.hostedList(filter),
    queryFn: async () =>
      (
        await api(staffHostedRoutes.hostedProfiles, {
          status: filter.status,
          site: filter.site || undefined,
          q: filter.q.trim() || undefined,
        })
      ).profiles,
  });
}

export function useHostedProfile(id: number) {
  return useQuery({
    queryKey: staffKeys.hosted(id),
    queryFn: () => api(staffHostedRoutes.hostedProfile, { id }),
    retry: false,
  });
}

/** Every change to a hosted profile answers the profile as it is now: shown at once, lists refreshed. */
function useHostedChange<Input>(call: (input: Input) => Promise<HostedProfileDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      queryClient.setQueryData(staffKeys.hosted(answer.profile.id), answer);
      return queryClient.invalidateQueries({ queryKey: ['staff', 'hosted', 'list'] });
    },
  });
}

export const useAddHostedProfile = () =>
  useHostedChange((input: NewHostedProfile) => api(staffHostedRoutes.addHostedProfile, input));

export const useChangeHostedProfile = () =>
  useHostedChange((input: HostedProfileChange) => api(staffHostedRoutes.changeHostedProfile, input));

export const useSetHostedStatus = () =>
  useHostedChange((input: { id: number; status: HostedStatus }) => api(staffHostedRoutes.setHostedStatus, input));

export const useUploadHostedPhoto = (profile: number) =>
  useHostedChange((file: File) => api(staffHostedRoutes.uploadHostedPhoto, file, { profile }));

export const useChangeHostedPhoto = () =>
  useHostedChange((input: { profile: number; photo: number; main?: true; premium_only?: boolean; private?: boolean }) =>
    api(staffHostedRoutes.changeHostedPhoto, input),
  );

export const useRemoveHostedPhoto = () =>
  useHostedChange((input: { profile: number; photo: number }) => api(staffHostedRoutes.removeHostedPhoto, input));

/** The persona sheet kept from the profile's page; refused when someone saved another meanwhile (then reloaded). */
export function useEditHostedPersona(profile: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { version: number; facts: PersonaFacts }) =>
      api(staffHostedRoutes.editHostedPersona, { profile, ...input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.hosted(profile) }),
  });
}
