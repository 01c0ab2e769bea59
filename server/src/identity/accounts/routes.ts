/** The account as user.php shows it to its member, and the language they choose. */
import { languageRequest, userResponse } from '@amora/common/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { setLocaleCookie } from '../request-context.js';

type Services = FastifyInstance['services'];

/** What user.php answers about whoever asks: the member, or null for a visitor. */
export async function currentUserBody(services: Services, request: FastifyRequest) {
  return { user: request.viewer ? await services.accounts.currentUser(request.viewer.userId, request.site) : null };
}

export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const { accounts } = services;

  app.get('/api/user.php', { schema: { response: { 200: userResponse } } }, async (request) => ({
    user: await accounts.presentActive(request.sessionUser, request.site),
  }));

  app.put(
    '/api/user.php',
    { schema: { body: languageRequest, response: { 200: userResponse } }, config: { signedIn: true } },
    async (request, reply) => {
      await accounts.setLanguage(request.member.userId, request.body.language);
      setLocaleCookie(request, reply, request.body.language);
      return currentUserBody(services, request);
    },
  );
};
