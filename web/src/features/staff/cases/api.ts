import type { AppealOutcome, CaseMeasure } from '@amora/common';
import { staffCaseRoutes } from '@amora/common/routes/staff-cases';
import { type QueryClient, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { type CaseFilter, OLDER_PAGES, pageQuery, STAFF_POLL_MS, staffKeys } from '../shared/api';

/** Reports and complaints: waiting (oldest first), with an appeal waiting, or decided (newest first). */
export function useStaffCases(filter: CaseFilter) {
  return useInfiniteQuery({
    queryKey: staffKeys.cases(filter),
    queryFn: ({ pageParam }) => api(staffCaseRoutes.cases, pageQuery(filter, pageParam)),
    refetchInterval: STAFF_POLL_MS,
    ...OLDER_PAGES,
  });
}

const refreshCases = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: ['staff', 'cases'] });

/** Takes a waiting case in review, so colleagues see someone is on it. */
export function useReviewCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (caseId: number) => api(staffCaseRoutes.reviewCase, { case: caseId }),
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
    }) => api(staffCaseRoutes.decideCase, input),
    onSettled: () => refreshCases(queryClient),
  });
}

/** Reviews an appeal against another staff member's decision. */
export function useDecideAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { appeal: number; outcome: AppealOutcome; explanation?: string }) =>
      api(staffCaseRoutes.decideAppeal, input),
    onSettled: () => refreshCases(queryClient),
  });
}
