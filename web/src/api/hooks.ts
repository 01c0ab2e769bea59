import { type Image, MEDIA_PATH, photoUrl, type User, type UserResponse } from '@amora/common';
import { accountRoutes } from '@amora/common/routes/accounts';
import { siteRoutes } from '@amora/common/routes/sites';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

export const queryKeys = {
  settings: ['settings'] as const,
  user: ['user'] as const,
  companyInfo: ['companyinfo'] as const,
};

/** Settings for the page the app was opened at: its query, and the site of the address bar (SPEC §7). */
export const fetchSettings = () =>
  api(siteRoutes.settings, { ...Object.fromEntries(new URLSearchParams(location.search)), domain: location.hostname });

export function useSettings() {
  return useQuery({
    queryKey: queryKeys.settings,
    queryFn: fetchSettings,
    staleTime: Infinity,
  });
}

/** A photo's address: public ones on the site's cdn_prefix, the others from the app's /media, which checks who asks. */
export function usePhotoUrl() {
  const { data: settings } = useSettings();
  return (image: Image, size: 'thumb' | 'full') =>
    photoUrl({ cdn_prefix: settings?.cdn_prefix ?? MEDIA_PATH }, image, size);
}

export function useCompanyInfo() {
  return useQuery({
    queryKey: queryKeys.companyInfo,
    queryFn: () => api(siteRoutes.companyInfo),
    staleTime: Infinity,
  });
}

export function useUser(): { user: User | null; isLoading: boolean } {
  const query = useQuery({
    queryKey: queryKeys.user,
    queryFn: async () => (await api(accountRoutes.user)).user,
  });
  return { user: query.data ?? null, isLoading: query.isLoading };
}

/**
 * Replaces the cached user. A user fetch still in flight was answered before the change, so it is
 * cancelled first; otherwise its stale answer would land after ours.
 */
export async function replaceUser(queryClient: QueryClient, user: User | null) {
  await queryClient.cancelQueries({ queryKey: queryKeys.user });
  queryClient.setQueryData(queryKeys.user, user);
}

/** Fetches the user again after the server changed it, ignoring any fetch already in flight. */
export async function refreshUser(queryClient: QueryClient) {
  await queryClient.cancelQueries({ queryKey: queryKeys.user });
  await queryClient.invalidateQueries({ queryKey: queryKeys.user });
}

/** A call that answers with the user; the cached user is replaced by the answer. */
export function useUserMutation<Input>(call: (input: Input) => Promise<UserResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (response) => replaceUser(queryClient, response.user),
  });
}

/** Sends the activation mail again. */
export function useResendActivationMail() {
  return useMutation({ mutationFn: () => api(accountRoutes.resendActivation) });
}

export function useRegions() {
  return useQuery({
    queryKey: ['regions'],
    queryFn: async () => (await api(siteRoutes.regions)).regions,
    staleTime: Infinity,
  });
}

export function useInterests() {
  return useQuery({
    queryKey: ['interests'],
    queryFn: async () => (await api(siteRoutes.interests)).interests,
    staleTime: Infinity,
  });
}
