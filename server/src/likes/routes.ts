import {
  autoLikeResponse,
  likeRequest,
  likeResponse,
  likesListQuery,
  likesListResponse,
  likesResponse,
  matchFinderQuery,
  matchFinderResponse,
  okResponse,
  profileIdBody,
  swipeDeckResponse,
  swipeRequest,
  swipeResponse,
} from '@amora/common/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perMember } from '../platform/http/rate-limits.js';

export const likesRoutes: FastifyPluginAsyncZod<{ rateLimitScale: number }> = async (app, { rateLimitScale }) => {
  const { services } = app;
  const { likes } = services;
  const signedIn = { signedIn: true };
  const limited = perMember(rateLimitScale);

  app.get('/api/likes.php', { schema: { response: { 200: likesResponse } }, config: signedIn }, async (request) =>
    likes.likes(request.site, request.member),
  );

  app.get(
    '/api/likes-list.php',
    { schema: { querystring: likesListQuery, response: { 200: likesListResponse } }, config: signedIn },
    async (request) => likes.likesList(request.site, request.member, request.query),
  );

  app.post(
    '/api/like.php',
    {
      schema: { body: likeRequest, response: { 200: likeResponse }, errors: ['not_found'] },
      config: { ...limited(120, 10), ...signedIn },
    },
    async (request) => likes.like(request.site, request.member, request.body),
  );

  app.delete(
    '/api/like.php',
    { schema: { body: profileIdBody, response: { 200: okResponse } }, config: { ...limited(120, 10), ...signedIn } },
    async (request) => {
      await likes.unlike(request.member, request.body.profile_id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/auto-like.php',
    { schema: { response: { 200: autoLikeResponse } }, config: { ...signedIn, getChangesState: true } },
    async (request) => likes.autoLike(request.site, request.member),
  );

  app.get('/api/swipe.php', { schema: { response: { 200: swipeDeckResponse } }, config: signedIn }, async (request) =>
    likes.swipeDeck(request.site, request.member),
  );

  app.post(
    '/api/swipe.php',
    {
      schema: { body: swipeRequest, response: { 200: swipeResponse }, errors: ['not_found', 'swipe_limit'] },
      config: signedIn,
    },
    async (request) => likes.swipe(request.site, request.member, request.body),
  );

  app.get(
    '/api/match-finder.php',
    { schema: { querystring: matchFinderQuery, response: { 200: matchFinderResponse } }, config: signedIn },
    async (request) => likes.matchFinder(request.site, request.member, request.query),
  );
};
