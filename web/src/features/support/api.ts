/** The appeal link of a statement of reasons: the decision it is about, and the appeal. */
import type { AppealResponse } from '@amora/common';
import { moderationRoutes } from '@amora/common/routes/moderation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';

const appealKey = (token: string) => ['appeal', token] as const;

export function useAppeal(token: string) {
  return useQuery({
    queryKey: appealKey(token),
    queryFn: () => api(moderationRoutes.appeal, { token }),
    retry: false,
  });
}

/** Files the appeal; the page then shows it as received. */
export function useFileAppeal(token: string) {
  const queryClient = useQueryClient();
  return async (text: string) => {
    const answer = await api(moderationRoutes.fileAppeal, { token, text });
    queryClient.setQueryData<AppealResponse>(appealKey(token), answer);
  };
}
