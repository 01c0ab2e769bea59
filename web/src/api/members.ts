/** Members: search, profile pages, blocks, reports, the own profile and photos. */

import type { MemberResponse, PhotosResponse, PrivatePhotoAction, ProfileUpdate, ReportRequest } from '@amora/common';
import { accountRoutes } from '@amora/common/routes/accounts';
import { landerRoutes } from '@amora/common/routes/landers';
import { memberRoutes } from '@amora/common/routes/members';
import { photoRoutes } from '@amora/common/routes/photos';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from './client';
import { replaceUser, useUserMutation } from './hooks';
import { memberKeys, type SearchParams } from './member-keys';

/**
 * A page of a search. A cursor the server no longer takes (an old bookmark, a rotated key) is
 * dropped: the page is then found by its number instead.
 */
async function searchPage(query: SearchParams) {
  try {
    return await api(memberRoutes.search, query);
  } catch (error) {
    if (!(query.after && error instanceof ApiError && error.fields.after)) throw error;
    const { after: _stale, ...byNumber } = query;
    return api(memberRoutes.search, byNumber);
  }
}

export function useSearch(query: SearchParams, enabled = true) {
  return useQuery({
    queryKey: memberKeys.search(query),
    queryFn: () => searchPage(query),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * The site's showcase: hosted profiles with a photo, recently active first (landers.php), as the
 * home page shows them; never a member's account.
 */
export function useShowcase(count: number) {
  return useQuery({
    queryKey: memberKeys.showcase(count),
    queryFn: async () => (await api(landerRoutes.landers, { count })).profiles,
  });
}

/** A profile page; a visitor's traffic source opens it where the site admits only visitors with one. */
/** A profile page as member.php answers it: the profile, and the likes between it and the viewer. */
function useMemberAnswer<T>(id: number, network: string | undefined, select: (answer: MemberResponse) => T) {
  return useQuery({
    queryKey: memberKeys.member(id),
    queryFn: () => api(memberRoutes.member, { id, network }),
    select,
    retry: false,
  });
}

export const useMember = (id: number, network?: string) => useMemberAnswer(id, network, (answer) => answer.profile);

/** Whether the viewer likes the profile and it likes them, read with its page (null for a visitor or one's own). */
export const useMemberLikeState = (id: number, network?: string) =>
  useMemberAnswer(id, network, (answer) => answer.like);

export function useBlocks() {
  return useQuery({
    queryKey: memberKeys.blocks,
    queryFn: async () => (await api(memberRoutes.blocks)).profiles,
  });
}

/** Blocks or unblocks; the profile, blocks and every search are fetched again. */
export function useBlock(profileId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (blocked: boolean) =>
      blocked
        ? api(memberRoutes.block, { profile_id: profileId })
        : api(memberRoutes.unblock, { profile_id: profileId }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: memberKeys.member(profileId) }),
        queryClient.invalidateQueries({ queryKey: memberKeys.blocks }),
        queryClient.invalidateQueries({ queryKey: ['members'] }),
      ]),
  });
}

/**
 * Asks for the profile's private photos, or answers about one's own (grant, decline, revoke). The
 * line it writes in the chat comes back over the live socket, which fetches the profiles again.
 */
export function usePrivatePhotos(profileId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: PrivatePhotoAction) => api(memberRoutes.privatePhotos, { profile_id: profileId, action }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.member(profileId) }),
  });
}

export function useReport() {
  return useMutation({ mutationFn: (report: ReportRequest) => api(memberRoutes.report, report) });
}

export function useProfileUpdate() {
  return useUserMutation((update: ProfileUpdate) => api(memberRoutes.updateProfile, update));
}

/** Photo calls answer with the photo list; the cached user is fetched again for its main image. */
export function usePhotoMutation<Input>(call: (input: Input) => Promise<PhotosResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      const response = await api(accountRoutes.user);
      await replaceUser(queryClient, response.user);
      await queryClient.invalidateQueries({ queryKey: ['members'] });
    },
  });
}

export const photoCalls = {
  upload: (file: File) => api(photoRoutes.upload, file),
  setMain: (id: number) => api(photoRoutes.update, { main_image: id }),
  reorder: (order: number[]) => api(photoRoutes.update, { order }),
  setPrivate: ({ id, private: isPrivate }: { id: number; private: boolean }) =>
    api(photoRoutes.update, { private_photo: { id, private: isPrivate } }),
  remove: (id: number) => api(photoRoutes.remove, { id }),
};
