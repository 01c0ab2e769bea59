/**
 * The lander page: web/dist/landers.html with the lander's first answer in it (the settings, faces,
 * company line and profile its design shows, in the visitor's language) and its hero photos asked
 * for in the head, so a phone waits for one round trip before the design can render.
 */
import {
  isLanderPath,
  LANDER_ANSWER_ELEMENT_ID,
  LANDER_PATHS,
  LANDER_SHOWS,
  type LanderFirstAnswer,
  type LanderRoute,
  landerFacesAsked,
  landerFacesShown,
  landerRoute,
  type MemberProfile,
  photoUrl,
} from '@amora/common';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { countryOfAddress } from '../geo/service.js';
import { DomainError } from '../platform/errors.js';
import { pageWithAnswer, photoPreloads, scriptSafe } from './entry-page.js';

/** The services the app decorates itself with (app.ts). */
type Services = FastifyInstance['services'];

/** A profile lander's profile, or null where this visitor may not see it. */
async function memberOf(services: Services, request: FastifyRequest, route: LanderRoute, network?: string) {
  if (route.kind !== 'profile') return null;
  return services.members
    .viewMember(request.site, request.viewer, route.id, network)
    .catch((error: unknown): MemberProfile | null => {
      if (error instanceof DomainError) return null;
      throw error;
    });
}

async function firstAnswer(
  services: Services,
  request: FastifyRequest,
  route: LanderRoute,
): Promise<LanderFirstAnswer> {
  const { site } = request;
  const network = request.trafficSource;
  const [settings, company, faces, member] = await Promise.all([
    services.sites.settingsFor(site, countryOfAddress(request.ip)),
    services.sites.companyInfo(site),
    services.landers.profiles(site, network, { count: landerFacesAsked(route), place: route.slug ?? undefined }),
    memberOf(services, request, route, network),
  ]);
  return { locale: request.locale, settings, company, faces: landerFacesShown(route, faces), member };
}

/** The photos the design shows first: the profile's, then the first faces. */
function heroPhotos(answer: LanderFirstAnswer, route: LanderRoute): string[] {
  const { size, count } = LANDER_SHOWS[route.design].hero;
  const profile = answer.member?.main_image ? [photoUrl(answer.settings, answer.member.main_image, 'full')] : [];
  const faces = answer.faces.profiles
    .slice(0, count)
    .flatMap((face) => (face.main_image ? [photoUrl(answer.settings, face.main_image, size)] : []));
  return [...profile, ...faces];
}

function landerPageHtml(template: string, answer: LanderFirstAnswer, route: LanderRoute): string {
  return pageWithAnswer(template, {
    locale: answer.locale,
    id: LANDER_ANSWER_ELEMENT_ID,
    json: scriptSafe(JSON.stringify(answer)),
    headEnd: photoPreloads(heroPhotos(answer, route)),
  });
}

/** Answers the lander paths of common/src/web-routes.ts; `template` is the built landers.html. */
export const landerPageRoutes: FastifyPluginAsync<{ template: string }> = async (app, { template }) => {
  const { services } = app;
  for (const pattern of LANDER_PATHS) {
    app.get(pattern, { schema: { hide: true }, config: { entryPage: true } }, async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      // The patterns take any design name; only those of LANDER_DESIGNS are pages.
      if (!isLanderPath(pathname)) return reply.callNotFound();
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      // A domain with no site still gets the page, which then shows its failure in the browser.
      if (!request.site) return template;
      const route = landerRoute(pathname);
      return landerPageHtml(template, await firstAnswer(services, request, route), route);
    });
  }
};
