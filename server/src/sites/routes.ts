import type { Settings } from '@amora/common';
import { siteRoutes as routes } from '@amora/common/routes';
import { settings } from '@amora/common/schemas';
import type { FastifyPluginAsync } from 'fastify';
import { countryOfAddress } from '../geo/service.js';
import { serve } from '../platform/http/serve.js';
import { SharedAnswer } from '../platform/http/shared-answer.js';

/** settings.php's answers as sent: the service keeps each answer a while; it is serialised and compressed once. */
const sentSettings = new WeakMap<Settings, SharedAnswer>();

function settingsAnswer(answer: Settings): SharedAnswer {
  let shared = sentSettings.get(answer);
  if (shared === undefined) {
    shared = new SharedAnswer(JSON.stringify(settings.parse(answer)));
    sentSettings.set(answer, shared);
  }
  return shared;
}

export const settingsJson = (answer: Settings): string => settingsAnswer(answer).json;

export const sitesRoutes: FastifyPluginAsync = async (app) => {
  const { sites } = app.services;
  const sessionless = { config: { sessionless: true } };

  // The visitor's country comes from the client address TRUST_PROXY lets through; the answer is
  // sent as the bytes kept for it.
  serve(app, routes.settings, sessionless, async (request, reply) =>
    settingsAnswer(await sites.settingsFor(request.site, countryOfAddress(request.ip))).send(request, reply),
  );
  serve(app, routes.companyInfo, sessionless, (request) => sites.companyInfo(request.site));
  serve(app, routes.interests, sessionless, (request) => ({ interests: sites.interests(request.locale) }));
  serve(app, routes.regions, sessionless, (request) => ({ regions: sites.regions(request.site) }));

  app.get('/manifest.webmanifest', { config: { sessionless: true }, schema: { hide: true } }, async (request, reply) =>
    reply
      .type('application/manifest+json')
      .header('cache-control', 'public, max-age=3600')
      .send(JSON.stringify(sites.manifest(request.site))),
  );
};
