import type { Settings } from '@amora/common';
import { companyInfo, interestsResponse, regionsResponse, settings, settingsQuery } from '@amora/common/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { countryOfAddress } from '../geo/service.js';

/** settings.php's answers as sent: the service keeps each answer a while, and it is serialised once. */
const serialisedSettings = new WeakMap<Settings, string>();

export function settingsJson(answer: Settings): string {
  let json = serialisedSettings.get(answer);
  if (json === undefined) {
    json = JSON.stringify(settings.parse(answer));
    serialisedSettings.set(answer, json);
  }
  return json;
}

/**
 * The routes of `siteRoutes` in `@amora/common/routes`, registered by hand to the same definitions: this
 * layer is below access/, whose serve() it may not import (docs/layers.md).
 */
export const sitesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const { sites } = services;

  app.get(
    '/api/settings.php',
    {
      config: { sessionless: true },
      schema: {
        querystring: settingsQuery,
        response: { 200: settings },
      },
    },
    // The visitor's country comes from the client address TRUST_PROXY lets through.
    async (request, reply) =>
      // A JSON string is sent as it is; the type provider only knows the schema's object.
      reply
        .type('application/json; charset=utf-8')
        .send(settingsJson(await sites.settingsFor(request.site, countryOfAddress(request.ip))) as never),
  );

  app.get('/manifest.webmanifest', { config: { sessionless: true }, schema: { hide: true } }, async (request, reply) =>
    reply
      .type('application/manifest+json')
      .header('cache-control', 'public, max-age=3600')
      .send(JSON.stringify(sites.manifest(request.site))),
  );

  app.get(
    '/api/companyinfo.php',
    { config: { sessionless: true }, schema: { response: { 200: companyInfo } } },
    async (request) => sites.companyInfo(request.site),
  );

  app.get(
    '/api/interests.php',
    { config: { sessionless: true }, schema: { response: { 200: interestsResponse } } },
    async (request) => ({
      interests: sites.interests(request.locale),
    }),
  );

  app.get(
    '/api/regions.php',
    { config: { sessionless: true }, schema: { response: { 200: regionsResponse } } },
    async (request) => ({
      regions: sites.regions(request.site),
    }),
  );
};
