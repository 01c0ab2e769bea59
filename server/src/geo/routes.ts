import { geoRoutes as routes } from '@amora/common/routes';
import type { FastifyPluginAsync } from 'fastify';
import { DomainError } from '../platform/errors.js';
import { serve } from '../platform/http/serve.js';
import { citiesMatching, nearestCity } from './service.js';

export const geoRoutes: FastifyPluginAsync = async (app) => {
  /** The city nearest to the browser's position, within the site's countries. */
  serve(app, routes.geocode, (request) => {
    const city = nearestCity(request.query.lat, request.query.lon, request.site.settings.countries);
    if (!city) throw new DomainError('geocode_failed');
    return {
      country: city.country,
      region: city.region,
      city: city.name,
      latitude: city.latitude,
      longitude: city.longitude,
    };
  });

  serve(app, routes.cities, (request) => {
    const { country, region, q } = request.query;
    if (!request.site.settings.countries.includes(country)) return { cities: [] };
    return { cities: citiesMatching(country, region, q).map((city) => ({ name: city.name, region: city.region })) };
  });
};
