/** Chats: the conversation list, one conversation's pages, sending and deleting. */
import type { ChatEntry, ChatMessage, ChatResponse, ChatsResponse, Gift, SendMessageResponse } from '@amora/common';
import { chatRoutes } from '@amora/common/routes/chat';
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../api/client';
import { queryKeys, useUser } from '../../api/hooks';

export const chatKeys = {
  chats: ['chats'] as const,
  chatWith: (profileId: number) => ['chats', 'with', profileId] as const,
  anyChatWith: ['chats', 'with'] as const,
  conversation: (id: number) => ['chat', id] as const,
  all: ['chat'] as const,
};

/** The chats list's pages as the cache keeps them, the newest conversations first. */
export type ChatsPages = InfiniteData<ChatsResponse, unknown>;

/**
 * The member's conversations page by page (`fetchNextPage` loads older ones) and the unread total;
 * kept fresh by the live socket and the refresh cadence.
 */
export function useChats() {
  const { user } = useUser();
  return useInfiniteQuery({
    queryKey: chatKeys.chats,
    queryFn: ({ pageParam }) => api(chatRoutes.chats, pageParam === undefined ? {} : { before: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.more ?? undefined,
    enabled: user !== null,
  });
}

/** The member's conversation with a profile (0: none), or null; it may lie beyond the list's loaded pages. */
export function useChatWith(profileId: number) {
  return useQuery({
    queryKey: chatKeys.chatWith(profileId),
    queryFn: async () => (await api(chatRoutes.chats, { profile_id: profileId })).chats.at(0) ?? null,
    enabled: profileId > 0,
  });
}

/** The loaded conversations, each once (one that moved up between two pages' loads shows where it is now). */
export function entriesOf(chats: ChatsPages | undefined): ChatEntry[] {
  const seen = new Set<number>();
  return (chats?.pages ?? []).flatMap((page) =>
    page.chats.filter((entry) => !seen.has(entry.conversation) && seen.add(entry.conversation)),
  );
}

export const unreadOf = (chats: ChatsPages | undefined) => chats?.pages[0]?.num_unread_messages ?? 0;

type ConversationPages = InfiniteData<ChatResponse, number | undefined>;

/**
 * One conversation, newest page first in the cache; `fetchNextPage` loads older messages. Fetching
 * it (by the app) marks the conversation read.
 */
export function useConversation(conversation: number) {
  return useInfiniteQuery({
    queryKey: chatKeys.conversation(conversation),
    queryFn: ({ pageParam }) => api(chatRoutes.conversation, { conversation, before: pageParam }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => (page.has_more ? page.messages[0]?.id : undefined),
    retry: false,
  });
}

/** Adds messages to a conversation's newest page, once each, in order. */
export function addMessages(queryClient: QueryClient, conversation: number, messages: ChatMessage[]) {
  queryClient.setQueryData<ConversationPages>(chatKeys.conversation(conversation), (data) => {
    if (!data || data.pages.length === 0) return data;
    const known = new Set(data.pages.flatMap((page) => page.messages.map((message) => message.id)));
    const fresh = messages.filter((message) => !known.has(message.id));
    if (fresh.length === 0) return data;
    const [newest, ...older] = data.pages;
    const merged = [...newest.messages, ...fresh].sort((a, b) => a.id - b.id);
    return { ...data, pages: [{ ...newest, messages: merged }, ...older] };
  });
}

/** The other side has read the member's messages up to this id. */
export function markReadByOther(queryClient: QueryClient, conversation: number, upTo: number) {
  queryClient.setQueryData<ConversationPages>(chatKeys.conversation(conversation), (data) => {
    if (!data || data.pages.length === 0) return data;
    const [newest, ...older] = data.pages;
    return { ...data, pages: [{ ...newest, read_up_to: Math.max(newest.read_up_to, upTo) }, ...older] };
  });
}

/**
 * Fetches what came after the newest loaded message; as the app's own request it also marks the
 * conversation read, which the other side then sees.
 */
export async function catchUpConversation(queryClient: QueryClient, conversation: number) {
  const data = queryClient.getQueryData<ConversationPages>(chatKeys.conversation(conversation));
  const newest = data?.pages[0]?.messages.at(-1)?.id;
  if (newest === undefined) return queryClient.invalidateQueries({ queryKey: chatKeys.conversation(conversation) });
  const page = await api(chatRoutes.conversation, { conversation, after: newest });
  addMessages(queryClient, conversation, page.messages);
  markReadByOther(queryClient, conversation, page.read_up_to);
  await queryClient.invalidateQueries({ queryKey: chatKeys.chats });
}

export function setUnreadTotal(queryClient: QueryClient, unread: number) {
  queryClient.setQueryData<ChatsPages>(chatKeys.chats, (chats) => {
    const [first, ...later] = chats?.pages ?? [];
    return chats && first ? { ...chats, pages: [{ ...first, num_unread_messages: unread }, ...later] } : chats;
  });
}

/** What a message says: text, a gift, or a photo (a File until it is sent). */
export type Outgoing = { text: string } | { gift_id: Gift } | { photo: File };

/** Whom it goes to: a conversation, or a profile for the first message. */
export type Recipient = { conversation: number } | { profile_id: number };

export function sendMessage(recipient: Recipient, clientId: string, outgoing: Outgoing): Promise<SendMessageResponse> {
  // Retried (the route's retry): the client id makes a repeat harmless, the server answers it with the first result.
  if ('photo' in outgoing) {
    const form = new FormData();
    for (const [key, value] of Object.entries(recipient)) form.append(key, String(value));
    form.append('client_id', clientId);
    form.append('file', outgoing.photo);
    return api(chatRoutes.sendMessage, form);
  }
  return api(chatRoutes.sendMessage, { ...recipient, client_id: clientId, ...outgoing });
}

/** After a send: the message joins its conversation, the list moves it up, and the credits change. */
export async function applySent(queryClient: QueryClient, sent: SendMessageResponse) {
  addMessages(queryClient, sent.conversation, [sent.message]);
  queryClient.setQueryData(queryKeys.user, (user: { credits: number; free_messages: number } | null | undefined) =>
    user ? { ...user, credits: sent.credits, free_messages: sent.free_messages } : user,
  );
  await queryClient.invalidateQueries({ queryKey: chatKeys.chats });
}

/**
 * Deletes a conversation for the member: it leaves the list at once; when the server refuses, the
 * member is told and the list is fetched again (SPEC §4, §8).
 */
export function useDeleteConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conversation: number) => api(chatRoutes.deleteConversation, { conversation }),
    onMutate: async (conversation) => {
      await queryClient.cancelQueries({ queryKey: chatKeys.chats });
      queryClient.setQueryData<ChatsPages>(chatKeys.chats, (chats) => {
        if (!chats) return chats;
        const removed = entriesOf(chats).find((entry) => entry.conversation === conversation);
        const pages = chats.pages.map((page, index) => ({
          ...page,
          chats: page.chats.filter((entry) => entry.conversation !== conversation),
          num_unread_messages:
            index === 0 ? page.num_unread_messages - (removed?.num_unread_messages ?? 0) : page.num_unread_messages,
        }));
        return { ...chats, pages };
      });
    },
    onError: (error) => {
      window.alert(error.message);
      void queryClient.invalidateQueries({ queryKey: chatKeys.chats });
    },
    onSuccess: (_ok, conversation) => {
      queryClient.removeQueries({ queryKey: chatKeys.conversation(conversation) });
      queryClient.removeQueries({ queryKey: chatKeys.anyChatWith });
    },
  });
}
