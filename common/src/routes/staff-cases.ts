/** The back office's cases desk: reports and complaints to decide, and appeals to review. */
import { defineRoute } from './route.js';

export const staffCaseRoutes = {
  cases: defineRoute({
    method: 'GET',
    path: '/api/staff/cases.php',
    access: { staff: 'reports' },
    query: 'caseQueueQuery',
    response: 'caseQueueResponse',
  }),
  reviewCase: defineRoute({
    method: 'POST',
    path: '/api/staff/case-review.php',
    access: { staff: 'reports' },
    body: 'caseReviewRequest',
    response: 'okResponse',
    errors: ['not_found', 'already_decided'],
  }),
  decideCase: defineRoute({
    method: 'POST',
    path: '/api/staff/case-decision.php',
    access: { staff: 'reports' },
    body: 'caseDecisionRequest',
    response: 'okResponse',
    errors: ['not_found', 'already_decided'],
  }),
  decideAppeal: defineRoute({
    method: 'POST',
    path: '/api/staff/appeal-decision.php',
    access: { staff: 'reports' },
    body: 'appealDecisionRequest',
    response: 'okResponse',
    errors: ['not_found', 'already_decided', 'appeal_own_decision'],
  }),
};
