import { citiesQuery, citiesResponse, geocodeQuery, geocodeResponse } from '@amora/common/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../platform/errors.js';
import { citiesMatching, nearestCity } from './service.js';

/**
 * The routes of `geoRoutes` in `@amora/common/routes`, registered by hand to the same definitions: this
 * layer is below access/, whose serve() it may not import (docs/layers.md).
 */
export const geoRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The city nearest to the browser's position, within the site's countries. */
  app.get(
    '/api/geocode.php',
    { schema: { querystring: geocodeQuery, response: { 200: geocodeResponse }, errors: ['geocode_failed'] } },
    async (request) => {
      const city = nearestCity(request.query.lat, request.query.lon, request.site.settings.countries);
      if (!city) throw new DomainError('geocode_failed');
      return {
        country: city.country,
        region: city.region,
        city: city.name,
        latitude: city.latitude,
        longitude: city.longitude,
      };
    },
  );

  app.get(
    '/api/cities.php',
    { schema: { querystring: citiesQuery, response: { 200: citiesResponse } } },
    async (request) => {
      const { country, region, q } = request.query;
      if (!request.site.settings.countries.includes(country)) return { cities: [] };
      return { cities: citiesMatching(country, region, q).map((city) => ({ name: city.name, region: city.region })) };
    },
  );
};
