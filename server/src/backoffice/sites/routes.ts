/** The back office's sites desk under /api/staff/, each call with the right it needs. */
import { staffSiteRoutes as routes } from '@amora/common/routes';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../platform/http/serve.js';

export const sitesDeskRoutes: FastifyPluginAsync = async (app) => {
  const { sites } = app.services.backoffice;
  serve(app, routes.sites, async (request) => ({ sites: await sites.siteList(request.staff) }));
  serve(app, routes.site, (request) => sites.siteDetail(request.staff, request.query.id));
  serve(app, routes.addSite, (request) => sites.addSite(request.staff, request.body));
  serve(app, routes.changeSite, (request) => sites.changeSite(request.staff, request.body));
  serve(app, routes.addSiteDomain, (request) => sites.addSiteDomain(request.staff, request.body));
  serve(app, routes.removeSiteDomain, (request) => sites.removeSiteDomain(request.staff, request.body));
};
