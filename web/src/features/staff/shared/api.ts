import type {
  AppealOutcome,
  CaseMeasure,
  HostedProfileChange,
  HostedProfileDetail,
  HostedStatus,
  NewHostedProfile,
  OperatorPrivatePhotoAction,
  PersonaFacts,
  PhotoRejection,
  ReportReason,
  SiteChange,
  StaffRole,
  StaffSite,
} from '@amora/common';
import { type QueryClient, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError, api } from '../../../api/client';

/** How staff screens write dates and times: they are in English, whatever the site's language. */
export const STAFF_LOCALE = 'en-GB';

/** Where staff fetch a photo file (members' /media/ answers by what a member may see). */
export const staffPhotoUrl = (file: string) => `/api/staff/media/${file}`;

/** Staff see changes by polling; they have no member socket. */
const STAFF_POLL_MS = 10_000;

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
function signedOut(queryClient: QueryClient) {
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
    queryFn: async () => (await api.get('/api/staff/me.php', 'staffMeResponse')).staff,
  });
}

/** The password step: signs in, or answers which code comes next (see useTwoStepCode). */
export function useStaffLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; password: string }) =>
      api.post('/api/staff/login.php', 'staffLoginResponse', input),
    onSuccess: (answer) => {
      if ('staff' in answer) queryClient.setQueryData(staffKeys.me, answer.staff);
    },
  });
}

/** The code of the second step, or the first code of an app being set up: then signed in. */
export function useTwoStepCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { code: string }) => api.post('/api/staff/two-step.php', 'staffResponse', input),
    onSuccess: ({ staff }) => queryClient.setQueryData(staffKeys.me, staff),
  });
}

/** Available or away: away, an operator claims nothing. */
export function useSetAway() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (away: boolean) => api.post('/api/staff/status.php', 'staffResponse', { away }),
    onSuccess: ({ staff }) => queryClient.setQueryData(staffKeys.me, staff),
  });
}

/** A signed-in operator who may choose starts setting up an authenticator app. */
export function useStartTwoStepSetup() {
  return useMutation({ mutationFn: () => api.post('/api/staff/two-step-setup.php', 'twoStepSetup') });
}

export function useStaffLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/staff/logout.php', 'okResponse'),
    onSettled: () => signedOut(queryClient),
  });
}

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

/** The photos waiting for a moderator, oldest first: on every site, or on one. */
export function usePhotoQueue(site: number | null) {
  return useQuery({
    queryKey: staffKeys.photos(site),
    queryFn: () => api.get('/api/staff/photos.php', 'photoQueueResponse', site ? { site: String(site) } : undefined),
    refetchInterval: STAFF_POLL_MS,
  });
}

/** Approves or rejects photos; the answer names those someone else decided first. */
export function useDecidePhotos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { photos: number[]; decision: 'approve' | 'reject'; rejection?: PhotoRejection }) =>
      api.post('/api/staff/photos.php', 'decidePhotosResponse', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff', 'photos'] }),
  });
}

/** Lists paged back by id: the first page is the newest, each answer names where the next older one starts. */
const OLDER_PAGES = {
  initialPageParam: null as number | null,
  getNextPageParam: (page: { next_before: number | null }) => page.next_before,
};

/** A list's query string: the filter's values that are set, and the page's start. */
const pageQuery = (filter: object, before: number | null): Record<string, string> => ({
  ...Object.fromEntries(Object.entries(filter).filter(([, value]) => value)),
  ...(before && { before: String(before) }),
});

export interface AuditFilter {
  action?: string;
  record?: string;
}

/** The audit log, newest first, a page at a time. */
export function useAuditLog(filter: AuditFilter) {
  return useInfiniteQuery({
    queryKey: staffKeys.log(filter),
    queryFn: ({ pageParam }) => api.get('/api/staff/log.php', 'auditLogResponse', pageQuery(filter, pageParam)),
    ...OLDER_PAGES,
  });
}

/** The sites of this deployment, for filters and the list of sites. */
export function useStaffSites() {
  return useQuery({
    queryKey: staffKeys.sites,
    queryFn: async () => (await api.get('/api/staff/sites.php', 'staffSitesResponse')).sites,
    staleTime: 5 * 60_000,
  });
}

export interface PaymentFilter {
  site?: string;
  status?: string;
  method?: string;
  member?: string;
}

/** Payments, newest first, a page at a time (older pages from the last id). */
export function useStaffPayments(filter: PaymentFilter) {
  return useInfiniteQuery({
    queryKey: staffKeys.payments(filter),
    queryFn: ({ pageParam }) =>
      api.get('/api/staff/payments.php', 'staffPaymentsResponse', pageQuery(filter, pageParam)),
    ...OLDER_PAGES,
  });
}

/** An admin's refund of a purchase, with the reason for the audit log. */
export function useRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { payment: number; reason: string }) =>
      api.post('/api/staff/refund.php', 'staffRefundResponse', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff', 'payments'] }),
  });
}

/** The staff accounts, for an admin. */
export function useStaffTeam() {
  return useQuery({
    queryKey: staffKeys.team,
    queryFn: async () => (await api.get('/api/staff/team.php', 'staffTeamResponse')).staff,
  });
}

/** Adds a staff account; the answer carries its first password, which is never shown again. */
export function useAddStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; name: string; role: StaffRole }) =>
      api.post('/api/staff/team.php', 'addStaffResponse', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.team }),
  });
}

/** Another account's role, or disabled (its sessions end at once) or enabled again, or its app reset. */
export function useChangeStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: {
      id: number;
      role?: StaffRole;
      disabled?: boolean;
      reset_two_step?: true;
      capacity?: number;
    }) => api.put('/api/staff/team.php', 'changeStaffResponse', change),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.team }),
  });
}

/** Where the staff member signed in is signed in. */
export function useStaffSessions() {
  return useQuery({
    queryKey: staffKeys.sessions,
    queryFn: async () => (await api.get('/api/staff/sessions.php', 'staffSessionsResponse')).sessions,
  });
}

/** Ends one of one's own sessions; ending this browser's signs out here. */
export function useEndStaffSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (session: { id: string; current: boolean }) =>
      api.post('/api/staff/end-session.php', 'okResponse', { session: session.id }),
    onSuccess: (_answer, session) => {
      if (session.current) signedOut(queryClient);
      else void queryClient.invalidateQueries({ queryKey: staffKeys.sessions });
    },
  });
}

export interface CaseFilter {
  view: 'waiting' | 'appealed' | 'decided';
  kind?: string;
  site?: string;
}

/** Reports and complaints: waiting (oldest first), with an appeal waiting, or decided (newest first). */
export function useStaffCases(filter: CaseFilter) {
  return useInfiniteQuery({
    queryKey: staffKeys.cases(filter),
    queryFn: ({ pageParam }) => api.get('/api/staff/cases.php', 'caseQueueResponse', pageQuery(filter, pageParam)),
    refetchInterval: STAFF_POLL_MS,
    ...OLDER_PAGES,
  });
}

const refreshCases = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: ['staff', 'cases'] });

/** Takes a waiting case in review, so colleagues see someone is on it. */
export function useReviewCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (caseId: number) => api.post('/api/staff/case-review.php', 'okResponse', { case: caseId }),
    onSettled: () => refreshCases(queryClient),
  });
}

/** Decides a case; the statements of reasons are mailed. */
export function useDecideCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      case: number;
      decision: 'actioned' | 'dismissed';
      measure?: CaseMeasure;
      explanation?: string;
    }) => api.post('/api/staff/case-decision.php', 'okResponse', input),
    onSettled: () => refreshCases(queryClient),
  });
}

/** Reviews an appeal against another staff member's decision. */
export function useDecideAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { appeal: number; outcome: AppealOutcome; explanation?: string }) =>
      api.post('/api/staff/appeal-decision.php', 'okResponse', input),
    onSettled: () => refreshCases(queryClient),
  });
}

/** Members found by id, the start of a name, or (admins) an address. */
export function useStaffMembers(query: string) {
  return useQuery({
    queryKey: staffKeys.members(query),
    queryFn: () => api.get('/api/staff/members.php', 'staffMembersResponse', { q: query }),
    enabled: query.trim() !== '',
  });
}

export function useStaffMember(id: number) {
  return useQuery({
    queryKey: staffKeys.member(id),
    queryFn: () => api.get('/api/staff/member.php', 'staffMemberResponse', { id: String(id) }),
    retry: false,
  });
}

export interface MemberAction {
  action: 'suspend' | 'ban' | 'lift' | 'credits' | 'activation';
  reason?: ReportReason;
  amount?: number;
  explanation?: string;
}

/** Suspends, bans, lifts, or adjusts credits; the answer is the member as it now stands. */
export function useActOnMember(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MemberAction) =>
      api.post('/api/staff/member-action.php', 'staffMemberResponse', { member: id, ...input }),
    onSuccess: (answer) => queryClient.setQueryData(staffKeys.member(id), answer),
  });
}

/** Erases a member's account at once (admins); the desk then has no such member. */
export function useEraseMember(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (explanation: string) =>
      api.post('/api/staff/member-erase.php', 'okResponse', { member: id, explanation }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: staffKeys.member(id) });
      return queryClient.invalidateQueries({ queryKey: ['staff', 'members'] });
    },
  });
}

/** The codes members type, with how often each is used; on one site or all. */
export function useDiscountCodes(site: string) {
  return useQuery({
    queryKey: staffKeys.discounts(site),
    queryFn: async () =>
      (await api.get('/api/staff/discounts.php', 'discountCodesResponse', site ? { site } : undefined)).codes,
  });
}

export interface NewDiscountCode {
  site: number;
  code: string;
  percentage: number;
  validity: 'once_per_user' | 'once' | 'unlimited';
  country?: string;
  minimum_order_value?: number;
  last_day?: string;
}

export function useAddDiscountCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewDiscountCode) => api.post('/api/staff/discounts.php', 'discountCodeResponse', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff', 'discounts'] }),
  });
}

/** A code's percentage, minimum, last day or status; payments under way keep theirs. */
export function useChangeDiscountCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      id: number;
      percentage?: number;
      minimum_order_value?: number;
      last_day?: string | null;
      status?: 'active' | 'inactive';
    }) => api.put('/api/staff/discounts.php', 'discountCodeResponse', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff', 'discounts'] }),
  });
}

export interface HostedFilter {
  site: string;
  q: string;
  status: HostedStatus;
}

/** Hosted profiles, most conversations waiting first (operators: their own site's). */
export function useHostedProfiles(filter: HostedFilter) {
  return useQuery({
    queryKey: staffKeys.hostedList(filter),
    queryFn: async () =>
      (
        await api.get('/api/staff/hosted.php', 'hostedProfilesResponse', {
          status: filter.status,
          ...(filter.site && { site: filter.site }),
          ...(filter.q.trim() && { q: filter.q.trim() }),
        })
      ).profiles,
  });
}

export function useHostedProfile(id: number) {
  return useQuery({
    queryKey: staffKeys.hosted(id),
    queryFn: () => api.get('/api/staff/hosted-profile.php', 'hostedProfileResponse', { id: String(id) }),
    retry: false,
  });
}

/** Every change to a hosted profile answers the profile as it is now: shown at once, lists refreshed. */
function useHostedChange<Input>(call: (input: Input) => Promise<HostedProfileDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      queryClient.setQueryData(staffKeys.hosted(answer.profile.id), answer);
      return queryClient.invalidateQueries({ queryKey: ['staff', 'hosted', 'list'] });
    },
  });
}

export const useAddHostedProfile = () =>
  useHostedChange((input: NewHostedProfile) => api.post('/api/staff/hosted.php', 'hostedProfileResponse', input));

export const useChangeHostedProfile = () =>
  useHostedChange((input: HostedProfileChange) => api.put('/api/staff/hosted.php', 'hostedProfileResponse', input));

export const useSetHostedStatus = () =>
  useHostedChange((input: { id: number; status: HostedStatus }) =>
    api.post('/api/staff/hosted-status.php', 'hostedProfileResponse', input),
  );

export const useUploadHostedPhoto = (profile: number) =>
  useHostedChange((file: File) =>
    api.upload(`/api/staff/hosted-photo.php?profile=${profile}`, 'hostedProfileResponse', file),
  );

export const useChangeHostedPhoto = () =>
  useHostedChange((input: { profile: number; photo: number; main?: true; premium_only?: boolean; private?: boolean }) =>
    api.put('/api/staff/hosted-photo.php', 'hostedProfileResponse', input),
  );

export const useRemoveHostedPhoto = () =>
  useHostedChange((input: { profile: number; photo: number }) =>
    api.delete('/api/staff/hosted-photo.php', 'hostedProfileResponse', input),
  );

/** The persona sheet kept from the profile's page; refused when someone saved another meanwhile (then reloaded). */
export function useEditHostedPersona(profile: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { version: number; facts: PersonaFacts }) =>
      api.put('/api/staff/hosted-persona.php', 'personaResponse', { profile, ...input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.hosted(profile) }),
  });
}

/** A site's bundles per country it sells in, with the VAT in each price. */
export function useBundles(site: string) {
  return useQuery({
    queryKey: staffKeys.bundles(site),
    queryFn: () => api.get('/api/staff/bundles.php', 'bundlesResponse', { site }),
    enabled: site !== '',
  });
}

export interface NewBundle {
  site: number;
  country: string;
  credits: number;
  /** Minor units, VAT included. */
  price: number;
  popular?: boolean;
  trial?: boolean;
}

export function useAddBundle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewBundle) => api.post('/api/staff/bundles.php', 'bundleResponse', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff', 'bundles'] }),
  });
}

/** A bundle's credits, price or popular mark, or off sale and back; payments under way keep theirs. */
export function useChangeBundle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; credits?: number; price?: number; popular?: boolean; active?: boolean }) =>
      api.put('/api/staff/bundles.php', 'bundleResponse', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff', 'bundles'] }),
  });
}

export function useStaffSite(id: number) {
  return useQuery({
    queryKey: staffKeys.site(id),
    queryFn: () => api.get('/api/staff/site.php', 'staffSiteResponse', { id: String(id) }),
    retry: false,
  });
}

/** Every change to a site answers the site as it is now: shown at once, the list of sites refreshed. */
function useSiteChange<Input>(call: (input: Input) => Promise<StaffSite>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      queryClient.setQueryData(staffKeys.site(answer.site.id), answer);
      return queryClient.invalidateQueries({ queryKey: staffKeys.sites });
    },
  });
}

/** A new site with the default settings, reached at its domain at once. */
export const useAddSite = () =>
  useSiteChange((input: { domain: string; name: string; language: string; country?: string }) =>
    api.post('/api/staff/sites.php', 'staffSiteResponse', input),
  );

/** A site's name, settings and company details: only what is sent changes. */
export const useChangeSite = () =>
  useSiteChange((input: SiteChange) => api.put('/api/staff/site.php', 'staffSiteResponse', input));

export const useAddSiteDomain = () =>
  useSiteChange((input: { site: number; domain: string }) =>
    api.post('/api/staff/site-domain.php', 'staffSiteResponse', input),
  );

export const useRemoveSiteDomain = () =>
  useSiteChange((input: { site: number; domain: string }) =>
    api.delete('/api/staff/site-domain.php', 'staffSiteResponse', input),
  );

export interface DashboardFilter {
  /** A site's id, or '' for all sites. */
  site: string;
  /** Whole UTC days, YYYY-MM-DD, both included. */
  from: string;
  to: string;
}

/** How a site, or all sites, did over the chosen days (admins). */
export function useDashboard(filter: DashboardFilter) {
  return useQuery({
    queryKey: ['staff', 'dashboard', filter] as const,
    queryFn: () =>
      api.get('/api/staff/dashboard.php', 'dashboardResponse', {
        ...(filter.site && { site: filter.site }),
        from: filter.from,
        to: filter.to,
      }),
    placeholderData: (previous) => previous,
    // Opened again, it shows the figures of now: an admin's first page, it would otherwise keep those of the sign-in.
    staleTime: 0,
  });
}
