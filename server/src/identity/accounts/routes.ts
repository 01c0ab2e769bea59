/** The account as user.php shows it to its member, and the language they choose. */
import { accountRoutes as routes } from '@amora/common/routes';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { serve } from '../../platform/http/serve.js';
import { setLocaleCookie } from '../request-context.js';

type Services = FastifyInstance['services'];

/** What user.php answers about whoever asks: the member, or null for a visitor. */
export async function currentUserBody(services: Services, request: FastifyRequest) {
  return { user: request.viewer ? await services.accounts.currentUser(request.viewer.userId, request.site) : null };
}

export const accountsRoutes: FastifyPluginAsync = async (app) => {
  const { services } = app;
  const { accounts } = services;

  serve(app, routes.user, async (request) => ({
    user: await accounts.presentActive(request.sessionUser, request.site),
  }));

  serve(app, routes.setLanguage, async (request, reply) => {
    await accounts.setLanguage(request.member.userId, request.body.language);
    setLocaleCookie(request, reply, request.body.language);
    return currentUserBody(services, request);
  });
};
