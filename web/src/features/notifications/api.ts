/** Notification choices, mail turned back on, and unsubscribe links. */
import type { NotificationsResponse, NotificationsUpdate, UnsubscribeQuery } from '@amora/common';
import { notificationRoutes } from '@amora/common/routes/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { refreshUser } from '../../api/hooks';

const notificationKeys = {
  choices: ['notifications'] as const,
  unsubscribe: (query: UnsubscribeQuery) => ['unsubscribe', query] as const,
};

export function useNotificationChoices() {
  return useQuery({
    queryKey: notificationKeys.choices,
    queryFn: () => api(notificationRoutes.notificationChoices),
  });
}

/** Saves a change; the answer (every choice, and whether mail is off) replaces the cached one. */
export function useUpdateNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: NotificationsUpdate) => api(notificationRoutes.updateNotifications, update),
    // A switch moves at once; if saving fails, the choices are fetched again and it moves back.
    onMutate: async (update) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.choices });
      queryClient.setQueryData<NotificationsResponse>(
        notificationKeys.choices,
        (current) =>
          current && {
            ...current,
            preferences: current.preferences.map((choice) => ({
              ...choice,
              ...update.preferences?.find((change) => change.type === choice.type),
            })),
          },
      );
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.choices }),
    onSuccess: async (answer: NotificationsResponse, update) => {
      queryClient.setQueryData(notificationKeys.choices, answer);
      if (update.mail_on) await refreshUser(queryClient);
    },
  });
}

export function useUnsubscribeLink(query: UnsubscribeQuery | null) {
  return useQuery({
    queryKey: notificationKeys.unsubscribe(query ?? { u: 0, s: '' }),
    queryFn: () => api(notificationRoutes.unsubscribeLink, query as UnsubscribeQuery),
    enabled: query !== null,
    retry: false,
  });
}

export function useUnsubscribe(query: UnsubscribeQuery | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(notificationRoutes.unsubscribe, query as UnsubscribeQuery),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['unsubscribe'] }),
  });
}
