import type { PhotoRejection } from '@amora/common';
import { staffPhotoRoutes } from '@amora/common/routes/staff-photos';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { STAFF_POLL_MS, staffKeys } from '../shared/api';

/** The photos waiting for a moderator, oldest first: on every site, or on one. */
export function usePhotoQueue(site: number | null) {
  return useQuery({
    queryKey: staffKeys.photos(site),
    queryFn: () => api(staffPhotoRoutes.photoQueue, { site: site ?? undefined }),
    refetchInterval: STAFF_POLL_MS,
  });
}

/** Approves or rejects photos; the answer names those someone else decided first. */
export function useDecidePhotos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { photos: number[]; decision: 'approve' | 'reject'; rejection?: PhotoRejection }) =>
      api(staffPhotoRoutes.decidePhotos, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff', 'photos'] }),
  });
}
