/** The copy of the member's data: the latest one, asking for one, and the notice that it is ready. */
import { exportRoutes } from '@amora/common/routes/exports';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { api } from './client';

export const exportKey = ['export'] as const;
/** While a copy is prepared it is looked at this often, should the live socket miss the word that it is ready. */
const PREPARING_POLL_MS = 15_000;

export function useDataExport() {
  return useQuery({
    queryKey: exportKey,
    queryFn: async () => (await api(exportRoutes.latest)).export,
    refetchInterval: (query) => (query.state.data?.status === 'preparing' ? PREPARING_POLL_MS : false),
  });
}

export function useRequestExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api(exportRoutes.request)).export,
    onSuccess: (latest) => queryClient.setQueryData(exportKey, latest),
  });
}

/** Where the browser fetches an export's ZIP file, with the session's cookie. */
export const exportDownloadUrl = (id: string) => `${exportRoutes.download.path}?id=${encodeURIComponent(id)}`;

/** Whether an export became ready while the app was open (the live socket said so) and the notice is not closed. */
let readyNotice = false;
const listeners = new Set<() => void>();
function setReadyNotice(shown: boolean) {
  readyNotice = shown;
  for (const listener of listeners) listener();
}
export const exportReadyNotice = {
  show: () => setReadyNotice(true),
  dismiss: () => setReadyNotice(false),
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

export function useExportReadyNotice(): boolean {
  return useSyncExternalStore(exportReadyNotice.subscribe, () => readyNotice);
}
