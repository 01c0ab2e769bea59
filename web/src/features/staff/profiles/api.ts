import type {
  HostedProfileChange,
  HostedProfileDetail,
  HostedStatus,
  NewHostedProfile,
  PersonaFacts,
} from '@amora/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { type HostedFilter, staffKeys } from '../shared/api';

/** Hosted profiles, most conversations waiting first (operators: their own site's). */
export function useHostedProfiles(filter: HostedFilter) {
  return useQuery({
    queryKey: staffKeys.hostedList(filter),
    queryFn: async () =>
      (
        await api.get('/api/staff/hosted.php', 'hostedProfilesResponse', {
          status: filter.status,
          ...(filter.site && { site: filter.site }),
          ...(filter.q.trim() && { q: filter.q.trim() }),
        })
      ).profiles,
  });
}

export function useHostedProfile(id: number) {
  return useQuery({
    queryKey: staffKeys.hosted(id),
    queryFn: () => api.get('/api/staff/hosted-profile.php', 'hostedProfileResponse', { id: String(id) }),
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
  useHostedChange((input: NewHostedProfile) => api.post('/api/staff/hosted.php', 'hostedProfileResponse', input));

export const useChangeHostedProfile = () =>
  useHostedChange((input: HostedProfileChange) => api.put('/api/staff/hosted.php', 'hostedProfileResponse', input));

export const useSetHostedStatus = () =>
  useHostedChange((input: { id: number; status: HostedStatus }) =>
    api.post('/api/staff/hosted-status.php', 'hostedProfileResponse', input),
  );

export const useUploadHostedPhoto = (profile: number) =>
  useHostedChange((file: File) =>
    api.upload(`/api/staff/hosted-photo.php?profile=${profile}`, 'hostedProfileResponse', file),
  );

export const useChangeHostedPhoto = () =>
  useHostedChange((input: { profile: number; photo: number; main?: true; premium_only?: boolean; private?: boolean }) =>
    api.put('/api/staff/hosted-photo.php', 'hostedProfileResponse', input),
  );

export const useRemoveHostedPhoto = () =>
  useHostedChange((input: { profile: number; photo: number }) =>
    api.delete('/api/staff/hosted-photo.php', 'hostedProfileResponse', input),
  );

/** The persona sheet kept from the profile's page; refused when someone saved another meanwhile (then reloaded). */
export function useEditHostedPersona(profile: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { version: number; facts: PersonaFacts }) =>
      api.put('/api/staff/hosted-persona.php', 'personaResponse', { profile, ...input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.hosted(profile) }),
  });
}
