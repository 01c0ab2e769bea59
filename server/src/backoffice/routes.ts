/** The back office's API under /api/staff/: each desk registers its own calls, with the rights they need. */
import type { FastifyPluginAsync } from 'fastify';
import { useStaffSession } from '../identity/staff/session.js';
import { casesDeskRoutes } from './cases/routes.js';
import { codesDeskRoutes } from './codes/routes.js';
import { dashboardDeskRoutes } from './dashboard/routes.js';
import { logDeskRoutes } from './log/routes.js';
import { membersDeskRoutes } from './members/routes.js';
import { paymentsDeskRoutes } from './payments/routes.js';
import { photosDeskRoutes } from './photos/routes.js';
import { pricesDeskRoutes } from './prices/routes.js';
import { sitesDeskRoutes } from './sites/routes.js';
import { teamDeskRoutes } from './team/routes.js';

export const backofficeRoutes: FastifyPluginAsync = async (app) => {
  useStaffSession(app);
  await app.register(dashboardDeskRoutes);
  await app.register(membersDeskRoutes);
  await app.register(photosDeskRoutes);
  await app.register(casesDeskRoutes);
  await app.register(paymentsDeskRoutes);
  await app.register(pricesDeskRoutes);
  await app.register(codesDeskRoutes);
  await app.register(sitesDeskRoutes);
  await app.register(teamDeskRoutes);
  await app.register(logDeskRoutes);
};
