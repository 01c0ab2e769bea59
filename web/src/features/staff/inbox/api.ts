import type { OperatorPrivatePhotoAction, PersonaFacts } from '@amora/common';
import { staffInboxRoutes } from '@amora/common/routes/staff-inbox';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { STAFF_POLL_MS, staffKeys } from '../shared/api';

export function useInbox() {
  return useQuery({
    queryKey: staffKeys.inbox,
    queryFn: () => api(staffInboxRoutes.inbox),
    refetchInterval: STAFF_POLL_MS,
  });
}

export function useClaim() {
  return useMutation({
    mutationFn: (conversation: number) => api(staffInboxRoutes.claim, { conversation }),
  });
}

export function useRelease() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conversation: number) => api(staffInboxRoutes.release, { conversation }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.inbox }),
  });
}

export function useOperatorConversation(id: number) {
  return useQuery({
    queryKey: staffKeys.conversation(id),
    queryFn: () => api(staffInboxRoutes.conversation, { conversation: id }),
    refetchInterval: STAFF_POLL_MS,
    retry: false,
  });
}

/** Answers as the hosted profile; the client id makes a repeat harmless. */
export function useAnswer(conversation: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: { text: string } | { photo_id: number }) =>
      api(staffInboxRoutes.answer, { conversation, client_id: crypto.randomUUID(), ...answer }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.conversation(conversation) }),
  });
}

/** Grants, declines or revokes the hosted profile's private photos to the member; the conversation comes back. */
export function useOperatorPrivatePhotos(conversation: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: OperatorPrivatePhotoAction) => api(staffInboxRoutes.privatePhotos, { conversation, action }),
    onSuccess: (view) => queryClient.setQueryData(staffKeys.conversation(conversation), view),
  });
}

/** Saves the persona sheet from the version shown; refused when someone saved another meanwhile (then reloaded). */
export function useEditPersona(conversation: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { version: number; facts: PersonaFacts }) =>
      api(staffInboxRoutes.editPersona, { conversation, ...input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.conversation(conversation) }),
  });
}

export function useAddNote(conversation: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api(staffInboxRoutes.addNote, { conversation, text }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.conversation(conversation) }),
  });
}
