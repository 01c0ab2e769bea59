/** The back office's sites desk under /api/staff/, each call with the right it needs. */
import {
  changeSiteRequest,
  newSiteRequest,
  siteDomainRequest,
  siteQuery,
  staffSiteResponse,
  staffSitesResponse,
} from '@amora/common/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STAFF_REFUSALS } from '../../identity/staff/policy.js';

export const sitesDeskRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sites } = app.services.backoffice;
  app.get(
    '/api/staff/sites.php',
    { schema: { response: { 200: staffSitesResponse }, errors: STAFF_REFUSALS } },
    async (request) => ({ sites: await sites.siteList(request.staff) }),
  );

  app.get(
    '/api/staff/site.php',
    {
      schema: {
        querystring: siteQuery,
        response: { 200: staffSiteResponse },
        errors: [...STAFF_REFUSALS, 'not_found'],
      },
    },
    async (request) => sites.siteDetail(request.staff, request.query.id),
  );

  app.post(
    '/api/staff/sites.php',
    { schema: { body: newSiteRequest, response: { 200: staffSiteResponse }, errors: STAFF_REFUSALS } },
    async (request) => sites.addSite(request.staff, request.body),
  );

  app.put(
    '/api/staff/site.php',
    {
      schema: {
        body: changeSiteRequest,
        response: { 200: staffSiteResponse },
        errors: [...STAFF_REFUSALS, 'not_found'],
      },
    },
    async (request) => sites.changeSite(request.staff, request.body),
  );

  app.post(
    '/api/staff/site-domain.php',
    {
      schema: {
        body: siteDomainRequest,
        response: { 200: staffSiteResponse },
        errors: [...STAFF_REFUSALS, 'not_found'],
      },
    },
    async (request) => sites.addSiteDomain(request.staff, request.body),
  );

  app.delete(
    '/api/staff/site-domain.php',
    {
      schema: {
        body: siteDomainRequest,
        response: { 200: staffSiteResponse },
        errors: [...STAFF_REFUSALS, 'not_found'],
      },
    },
    async (request) => sites.removeSiteDomain(request.staff, request.body),
  );
};
