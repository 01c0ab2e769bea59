/** The back office's cases desk under /api/staff/, each call with the right it needs. */
import {
  appealDecisionRequest,
  caseDecisionRequest,
  caseQueueQuery,
  caseQueueResponse,
  caseReviewRequest,
  okResponse,
} from '@amora/common/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STAFF_REFUSALS } from '../../identity/staff/policy.js';

export const casesDeskRoutes: FastifyPluginAsyncZod = async (app) => {
  const { cases } = app.services.backoffice;
  app.get(
    '/api/staff/cases.php',
    { schema: { querystring: caseQueueQuery, response: { 200: caseQueueResponse }, errors: STAFF_REFUSALS } },
    async (request) => cases.cases(request.staff, request.query),
  );

  app.post(
    '/api/staff/case-review.php',
    {
      schema: {
        body: caseReviewRequest,
        response: { 200: okResponse },
        errors: [...STAFF_REFUSALS, 'not_found', 'already_decided', 'already_activated'],
      },
    },
    async (request) => cases.reviewCase(request.staff, request.body.case),
  );

  app.post(
    '/api/staff/case-decision.php',
    {
      schema: {
        body: caseDecisionRequest,
        response: { 200: okResponse },
        errors: [...STAFF_REFUSALS, 'not_found', 'already_decided', 'already_activated'],
      },
    },
    async (request) => cases.decideCase(request.staff, request.body),
  );

  app.post(
    '/api/staff/appeal-decision.php',
    {
      schema: {
        body: appealDecisionRequest,
        response: { 200: okResponse },
        errors: [...STAFF_REFUSALS, 'not_found', 'already_decided', 'appeal_own_decision'],
      },
    },
    async (request) => cases.decideAppeal(request.staff, request.body),
  );
};
