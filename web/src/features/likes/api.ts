/** Likes, matches, the swipe game and the match finder. */
import type { LikeResponse, LikesListType, LikesResponse, MatchFinderQuery, SwipeRequest } from '@amora/common';
import { likeRoutes } from '@amora/common/routes/likes';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useUser } from '../../api/hooks';
import { memberKeys } from '../../api/member-keys';

export const likeKeys = {
  /** Invalidating this also refreshes every list page. */
  likes: ['likes'] as const,
  list: (type: LikesListType) => ['likes', 'list', type] as const,
  swipe: ['swipe'] as const,
  matchFinder: (query: MatchFinderQuery) => ['match-finder', query] as const,
};

/**
 * The first page of both likes lists of the signed-in member, their counts and the new matches, for
 * the badges and the match popup; the live socket and the refresh cadence keep it fresh.
 */
export function useLikes() {
  const { user } = useUser();
  return useQuery({
    queryKey: likeKeys.likes,
    queryFn: () => api(likeRoutes.likes),
    enabled: user !== null,
  });
}

/** One likes list, page by page ("More" fetches the next), fetched again whenever the likes are. */
export function useLikesList(type: LikesListType) {
  return useInfiniteQuery({
    queryKey: likeKeys.list(type),
    queryFn: ({ pageParam }) => fetchLikesList(type, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
  });
}

/** A page of one likes list: the first, or the one after `after` (a page's `next`). */
export const fetchLikesList = (type: LikesListType, after?: string) =>
  api(likeRoutes.likesList, after ? { type, after } : { type });

export const newLikesOf = (likes: LikesResponse | undefined) => likes?.counts.new_likes ?? 0;

/** Likes (true) or unlikes (false) a profile; the lists are fetched again. */
export function useLike(profileId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (like: boolean): Promise<LikeResponse | null> => {
      if (like) return api(likeRoutes.like, { profile_id: profileId });
      await api(likeRoutes.unlike, { profile_id: profileId });
      return null;
    },
    // The lists, and the profile's page with its like state.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: likeKeys.likes }),
        queryClient.invalidateQueries({ queryKey: memberKeys.member(profileId) }),
      ]),
  });
}

export function useAutoLike() {
  return useMutation({ mutationFn: () => api(likeRoutes.autoLike) });
}

export function useSwipeDeck() {
  return useQuery({
    queryKey: likeKeys.swipe,
    queryFn: () => api(likeRoutes.swipeDeck),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSwipe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (swipe: SwipeRequest) => api(likeRoutes.swipe, swipe),
    onSuccess: (_result, swipe) => {
      if (swipe.choice === 'like') void queryClient.invalidateQueries({ queryKey: likeKeys.likes });
    },
  });
}

export function useMatchFinder(query: MatchFinderQuery) {
  return useQuery({
    queryKey: likeKeys.matchFinder(query),
    queryFn: () => api(likeRoutes.matchFinder, query),
  });
}
