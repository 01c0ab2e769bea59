/** Likes, matches, the swipe game and the match finder. */
import type { LikeResponse, LikesListQuery, LikesResponse, MatchFinderQuery, SwipeRequest } from '@amora/common';
import { likeRoutes } from '@amora/common/routes/likes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useUser } from '../../api/hooks';

export const likeKeys = {
  /** Invalidating this also refreshes every list page. */
  likes: ['likes'] as const,
  list: (query: LikesListQuery) => ['likes', 'list', query] as const,
  swipe: ['swipe'] as const,
  matchFinder: (query: MatchFinderQuery) => ['match-finder', query] as const,
};

/** Both likes lists of the signed-in member, for the badges; the live socket and the refresh cadence keep them fresh. */
export function useLikes() {
  const { user } = useUser();
  return useQuery({
    queryKey: likeKeys.likes,
    queryFn: () => api(likeRoutes.likes),
    enabled: user !== null,
  });
}

/** A page of cards of one likes list, fetched again whenever the likes are. */
export function useLikesList(query: LikesListQuery) {
  return useQuery({
    queryKey: likeKeys.list(query),
    queryFn: () => fetchLikesList(query),
    placeholderData: keepPreviousData,
  });
}

export const fetchLikesList = (query: LikesListQuery) => api(likeRoutes.likesList, query);

/** Profiles that like the member and that the member likes, new ones first. */
export function matchesOf(likes: LikesResponse) {
  const liked = new Set(likes.profiles.map((profile) => profile.id));
  return likes.liked_by.filter((profile) => liked.has(profile.id));
}

export const newLikesOf = (likes: LikesResponse | undefined) =>
  likes ? likes.liked_by.filter((profile) => profile.like_new).length : 0;

/** Likes (true) or unlikes (false) a profile; the lists are fetched again. */
export function useLike(profileId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (like: boolean): Promise<LikeResponse | null> => {
      if (like) return api(likeRoutes.like, { profile_id: profileId });
      await api(likeRoutes.unlike, { profile_id: profileId });
      return null;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: likeKeys.likes }),
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
