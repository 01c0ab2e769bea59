import type { OperatorPrivatePhotoAction, PersonaFacts } from '@amora/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { STAFF_POLL_MS, staffKeys } from '../shared/api';

export function useInbox() {
  return useQuery({
    queryKey: staffKeys.inbox,
    queryFn: () => api.get('/api/staff/inbox.php', 'inboxResponse'),
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

/** Grants, declines or revokes the hosted profile's private photos to the member; the conversation comes back. */
export function useOperatorPrivatePhotos(conversation: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: OperatorPrivatePhotoAction) =>
      api.post('/api/staff/private-photos.php', 'operatorConversationResponse', { conversation, action }),
    onSuccess: (view) => queryClient.setQueryData(staffKeys.conversation(conversation), view),
  });
}

/** Saves the persona sheet from the version shown; refused when someone saved another meanwhile (then reloaded). */
export function useEditPersona(conversation: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { version: number; facts: PersonaFacts }) =>
      api.put('/api/staff/persona.php', 'personaResponse', { conversation, ...input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.conversation(conversation) }),
  });
}

export function useAddNote(conversation: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api.post('/api/staff/note.php', 'notesResponse', { conversation, text }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.conversation(conversation) }),
  });
}
