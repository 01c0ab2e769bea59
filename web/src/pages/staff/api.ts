import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';

/** Staff see changes by polling; they have no member socket. */
const STAFF_POLL_MS = 10_000;

export const staffKeys = {
  me: ['staff', 'me'] as const,
  inbox: ['staff', 'inbox'] as const,
  conversation: (id: number) => ['staff', 'conversation', id] as const,
};

export function useStaffMe() {
  return useQuery({
    queryKey: staffKeys.me,
    queryFn: async () => (await api.get('/api/staff/me.php', 'staffMeResponse')).staff,
  });
}

export function useStaffLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; password: string }) =>
      api.post('/api/staff/login.php', 'staffLoginResponse', input),
    onSuccess: ({ staff }) => queryClient.setQueryData(staffKeys.me, staff),
  });
}

export function useStaffLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/staff/logout.php', 'okResponse'),
    onSettled: () => queryClient.setQueryData(staffKeys.me, null),
  });
}

export function useInbox() {
  return useQuery({
    queryKey: staffKeys.inbox,
    queryFn: async () => (await api.get('/api/staff/inbox.php', 'inboxResponse')).conversations,
    refetchInterval: STAFF_POLL_MS,
  });
}

export function useClaim() {
  return useMutation({
    mutationFn: (conversation: number) => api.post('/api/staff/claim.php', 'claimResponse', { conversation }),
  });
}

export function useRelease() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conversation: number) => api.post('/api/staff/release.php', 'okResponse', { conversation }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.inbox }),
  });
}

export function useOperatorConversation(id: number) {
  return useQuery({
    queryKey: staffKeys.conversation(id),
    queryFn: () => api.get('/api/staff/conversation.php', 'operatorConversationResponse', { conversation: String(id) }),
    refetchInterval: STAFF_POLL_MS,
    retry: false,
  });
}

/** Answers as the hosted profile; the client id makes a repeat harmless. */
export function useAnswer(conversation: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: { text: string } | { photo_id: number }) =>
      api.post(
        '/api/staff/answer.php',
        'answerResponse',
        { conversation, client_id: crypto.randomUUID(), ...answer },
        { retry: true },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.conversation(conversation) }),
  });
}

export function useAddNote(conversation: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api.post('/api/staff/note.php', 'notesResponse', { conversation, text }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.conversation(conversation) }),
  });
}
