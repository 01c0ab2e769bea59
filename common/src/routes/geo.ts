/** Places within the site's countries: the city nearest a position, and cities by the start of their name. */
import { defineRoute } from './route.js';

export const geoRoutes = {
  geocode: defineRoute({
    method: 'GET',
    path: '/api/geocode.php',
    access: 'anyone',
    query: 'geocodeQuery',
    response: 'geocodeResponse',
    errors: ['geocode_failed'],
  }),
  cities: defineRoute({
    method: 'GET',
    path: '/api/cities.php',
    access: 'anyone',
    query: 'citiesQuery',
    response: 'citiesResponse',
  }),
};
