import { likeRoutes as routes } from '@amora/common/routes';
import type { FastifyPluginAsync } from 'fastify';
import { perMember } from '../platform/http/rate-limits.js';
import { serve } from '../platform/http/serve.js';

export const likesRoutes: FastifyPluginAsync<{ rateLimitScale: number }> = async (app, { rateLimitScale }) => {
  const { likes } = app.services;
  const limited = perMember(rateLimitScale);

  serve(app, routes.likes, (request) => likes.likes(request.site, request.member));
  serve(app, routes.likesList, (request) => likes.likesList(request.site, request.member, request.query));
  serve(app, routes.like, { config: limited(120, 10) }, (request) =>
    likes.like(request.site, request.member, request.body),
  );
  serve(app, routes.unlike, { config: limited(120, 10) }, async (request) => {
    await likes.unlike(request.member, request.body.profile_id);
    return { ok: true as const };
  });
  serve(app, routes.autoLike, { config: { getChangesState: true } }, (request) =>
    likes.autoLike(request.site, request.member),
  );
  serve(app, routes.swipeDeck, (request) => likes.swipeDeck(request.site, request.member));
  serve(app, routes.swipe, (request) => likes.swipe(request.site, request.member, request.body));
  serve(app, routes.matchFinder, (request) => likes.matchFinder(request.site, request.member, request.query));
};
