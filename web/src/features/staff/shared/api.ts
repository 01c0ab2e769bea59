import type { HostedStatus } from '@amora/common';
import { staffSessionRoutes } from '@amora/common/routes/staff-session';
import { staffSiteRoutes } from '@amora/common/routes/staff-sites';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { ApiError, api } from '../../../api/client';
import { withStaffWords } from './staff-catalogue';

/** Where staff fetch a photo file (members' /media/ answers by what a member may see). */
export const staffPhotoUrl = (file: string) => `/api/staff/media/${file}`;

/** Staff see changes by polling; they have no member socket. */
export const STAFF_POLL_MS = 10_000;

export const staffKeys = {
  me: ['staff', 'me'] as const,
  inbox: ['staff', 'inbox'] as const,
  conversation: (id: number) => ['staff', 'conversation', id] as const,
  team: ['staff', 'team'] as const,
  photos: (site: number | null) => ['staff', 'photos', site] as const,
  sites: ['staff', 'sites'] as const,
  log: (filter: AuditFilter) => ['staff', 'log', filter] as const,
  payments: (filter: PaymentFilter) => ['staff', 'payments', filter] as const,
  sessions: ['staff', 'sessions'] as const,
  invitation: (token: string | null) => ['staff', 'invitation', token] as const,
  cases: (filter: CaseFilter) => ['staff', 'cases', filter] as const,
  members: (query: string) => ['staff', 'members', query] as const,
  member: (id: number) => ['staff', 'member', id] as const,
  discounts: (site: string) => ['staff', 'discounts', site] as const,
  hostedList: (filter: HostedFilter) => ['staff', 'hosted', 'list', filter] as const,
  hosted: (id: number) => ['staff', 'hosted', id] as const,
  bundles: (site: string) => ['staff', 'bundles', site] as const,
  site: (id: number) => ['staff', 'site', id] as const,
};

/** Signed out: the layout shows the sign-in, and nothing the last staff member saw stays cached. */
export function signedOut(queryClient: QueryClient) {
  queryClient.setQueryData(staffKeys.me, null);
  queryClient.removeQueries({ queryKey: ['staff'], predicate: (query) => query.queryKey[1] !== 'me' });
}

const sessionGone = (error: unknown) => error instanceof ApiError && error.code === 'staff_login_required';

/**
 * Any staff call refused with staff_login_required (the session ended on another device, or an admin
 * disabled the account) signs this browser out, so the next screen is the sign-in.
 */
export function useSignOutWhenSessionEnds() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && sessionGone(event.action.error)) {
        if (event.query.queryKey[0] === 'staff') signedOut(queryClient);
      }
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && sessionGone(event.action.error)) {
        signedOut(queryClient);
      }
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient]);
}

export function useStaffMe() {
  return useQuery({
    queryKey: staffKeys.me,
    queryFn: async () => withStaffWords((await api(staffSessionRoutes.staffMe)).staff),
  });
}

/** The invitation's page is open signed out and signed in: it is where an account's app is set up. */
export const INVITATION_PATH = '/staff/invitation';

/**
 * On the invitation's page, what its link answers: the language of the account it is for (the
 * page is in it), or a refusal when the link is used or expired. Elsewhere nothing is asked.
 */
export function useInvitation() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const token = (pathname === INVITATION_PATH && params.get('token')) || null;
  return useQuery({
    queryKey: staffKeys.invitation(token),
    queryFn: () => api(staffSessionRoutes.invitation, { token: token ?? '' }),
    enabled: token !== null,
    staleTime: Number.POSITIVE_INFINITY,
    // A refusal stands: the screens that show it would otherwise ask again as they mount.
    retryOnMount: false,
  });
}

/** The password step: signs in, or answers which code comes next (see useTwoStepCode). */
export function useStaffLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { email: string; password: string }) => {
      const answer = await api(staffSessionRoutes.staffLogin, input);
      if ('staff' in answer) await withStaffWords(answer.staff);
      return answer;
    },
    onSuccess: (answer) => {
      if ('staff' in answer) queryClient.setQueryData(staffKeys.me, answer.staff);
    },
  });
}

/**
 * The code of the second step (the app's, or a recovery code), or the first code of an app being
 * set up through an invitation: then signed in, and after a set-up with the recovery codes.
 */
export function useTwoStepCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { code: string; invitation?: string }) => {
      const answer = await api(staffSessionRoutes.twoStep, input);
      await withStaffWords(answer.staff);
      return answer;
    },
    onSuccess: ({ staff }) => queryClient.setQueryData(staffKeys.me, staff),
  });
}

/** Available or away: away, an operator claims nothing. */
export function useSetAway() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (away: boolean) => api(staffSessionRoutes.setAway, { away }),
    onSuccess: ({ staff }) => queryClient.setQueryData(staffKeys.me, staff),
  });
}

/** An invitation's link and the account's password: the app to set up. */
export function useStartInvitation() {
  return useMutation({
    mutationFn: (input: { invitation: string; password: string }) => api(staffSessionRoutes.startInvitation, input),
  });
}

/** A signed-in operator who may choose asks for a link to set up an authenticator app, mailed to them. */
export function useMailSetupLink() {
  return useMutation({ mutationFn: () => api(staffSessionRoutes.mailSetupLink) });
}

export function useStaffLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(staffSessionRoutes.staffLogout),
    onSettled: () => signedOut(queryClient),
  });
}

/** Lists paged back by id: the first page is the newest, each answer names where the next older one starts. */
export const OLDER_PAGES = {
  initialPageParam: null as number | null,
  getNextPageParam: (page: { next_before: number | null }) => page.next_before,
};

/** A list's query string: the filter's values that are set, and the page's start. */
export const pageQuery = (filter: object, before: number | null): Record<string, string> => ({
  ...Object.fromEntries(Object.entries(filter).filter(([, value]) => value)),
  ...(before && { before: String(before) }),
});

export interface AuditFilter {
  action?: string;
  record?: string;
}

/** The sites of this deployment, for filters and the list of sites. */
export function useStaffSites() {
  return useQuery({
    queryKey: staffKeys.sites,
    queryFn: async () => (await api(staffSiteRoutes.sites)).sites,
    staleTime: 5 * 60_000,
  });
}

export interface PaymentFilter {
  site?: string;
  status?: string;
  method?: string;
  member?: string;
}
export interface CaseFilter {
  view: 'waiting' | 'appealed' | 'decided';
  kind?: string;
  site?: string;
}
export interface HostedFilter {
  site: string;
  q: string;
  status: HostedStatus;
}
