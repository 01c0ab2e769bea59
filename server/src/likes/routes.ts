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
} from '@amora/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireMember } from '../http/member.js';
import type { Services } from '../services.js';

export const likesRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { accounts, likes } = services;

  app.get('/api/likes.php', { schema: { response: { 200: likesResponse } } }, async (request) =>
    likes.likes(request.site, await requireMember(accounts, request)),
  );

  app.get(
    '/api/likes-list.php',
    { schema: { querystring: likesListQuery, response: { 200: likesListResponse } } },
    async (request) => likes.likesList(request.site, await requireMember(accounts, request), request.query),
  );

  app.post('/api/like.php', { schema: { body: likeRequest, response: { 200: likeResponse } } }, async (request) =>
    likes.like(request.site, await requireMember(accounts, request), request.body),
  );

  app.delete('/api/like.php', { schema: { body: profileIdBody, response: { 200: okResponse } } }, async (request) => {
    await likes.unlike(await requireMember(accounts, request), request.body.profile_id);
    return { ok: true as const };
  });

  app.get('/api/auto-like.php', { schema: { response: { 200: autoLikeResponse } } }, async (request) =>
    likes.autoLike(request.site, await requireMember(accounts, request)),
  );

  app.get('/api/swipe.php', { schema: { response: { 200: swipeDeckResponse } } }, async (request) =>
    likes.swipeDeck(request.site, await requireMember(accounts, request)),
  );

  app.post('/api/swipe.php', { schema: { body: swipeRequest, response: { 200: swipeResponse } } }, async (request) =>
    likes.swipe(request.site, await requireMember(accounts, request), request.body),
  );

  app.get(
    '/api/match-finder.php',
    { schema: { querystring: matchFinderQuery, response: { 200: matchFinderResponse } } },
    async (request) => likes.matchFinder(request.site, await requireMember(accounts, request), request.query),
  );
};
