import type { CompanyInfo, Settings, User, UserResponse } from '@amora/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

export const queryKeys = {
  settings: ['settings'] as const,
  user: ['user'] as const,
  companyInfo: ['companyinfo'] as const,
};

export function useSettings() {
  return useQuery({
    queryKey: queryKeys.settings,
    queryFn: () => api.get<Settings>('/api/settings.php'),
    staleTime: Infinity,
  });
}

export function useCompanyInfo() {
  return useQuery({
    queryKey: queryKeys.companyInfo,
    queryFn: () => api.get<CompanyInfo>('/api/companyinfo.php'),
    staleTime: Infinity,
  });
}

export function useUser(): { user: User | null; isLoading: boolean } {
  const query = useQuery({
    queryKey: queryKeys.user,
    queryFn: async () => (await api.get<UserResponse>('/api/user.php')).user,
  });
  return { user: query.data ?? null, isLoading: query.isLoading };
}

/** A call that answers with the user; the cached user is replaced by the answer. */
export function useUserMutation<Input>(call: (input: Input) => Promise<UserResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (response) => queryClient.setQueryData(queryKeys.user, response.user),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.get('/api/logout.php'),
    onSettled: () => queryClient.setQueryData(queryKeys.user, null),
  });
}
