import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSettings } from '../../api/hooks';
import { type PushState, pushState, subscribePush, unsubscribePush } from './push';

const pushKey = ['push-state'] as const;

/** This browser's push state, and turning push on (asks the browser) or off (this device only). */
export function usePush() {
  const queryClient = useQueryClient();
  const { data: settings } = useSettings();
  const state = useQuery({ queryKey: pushKey, queryFn: pushState, staleTime: Infinity });
  const remember = (next: PushState) => queryClient.setQueryData(pushKey, next);
  const turnOn = useMutation({
    mutationFn: () => subscribePush(settings?.push_public_key ?? ''),
    onSuccess: remember,
    onError: () => void queryClient.invalidateQueries({ queryKey: pushKey }),
  });
  const turnOff = useMutation({ mutationFn: unsubscribePush, onSuccess: remember });
  return { state: state.data ?? null, turnOn, turnOff };
}
