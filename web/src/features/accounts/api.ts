/** Signing out: the session ended on the server, this browser's pushes with it. */
import { sessionRoutes } from '@amora/common/routes/sessions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { replaceUser } from '../../api/hooks';
import { unsubscribePush } from '../notifications/push';

/** Logging out also ends this browser's pushes: on a shared computer nobody reads the last member's. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await unsubscribePush().catch(() => undefined);
      return api(sessionRoutes.logout);
    },
    onSettled: () => replaceUser(queryClient, null),
  });
}
