/** Builds the Fastify app; main.ts starts it and the tests inject requests into it. */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { FIRST_SCREEN_RENDER_FILE, isLanderPath, isWebPath } from '@amora/common';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { staffDoor } from './access/door.js';
import { backofficeRoutes } from './backoffice/routes.js';
import { chatRoutes } from './chat/routes.js';
import { complaintsRoutes } from './complaints/routes.js';
import { exportsRoutes } from './exports/routes.js';
import { geoRoutes } from './geo/routes.js';
import { accountsRoutes } from './identity/accounts/routes.js';
import { credentialsRoutes } from './identity/credentials/routes.js';
import { lifecycleRoutes } from './identity/lifecycle/routes.js';
import { passkeyRoutes } from './identity/passkeys/routes.js';
import { requestContextHooks } from './identity/request-context.js';
import { sessionsRoutes } from './identity/sessions/routes.js';
import { staffSignInRoutes } from './identity/staff/routes.js';
import { landersRoutes } from './landers/routes.js';
import { likesRoutes } from './likes/routes.js';
import { membersRoutes } from './members/routes.js';
import { moderationRoutes } from './moderation/routes.js';
import { configuredProvider } from './money/payments/providers.js';
import { moneyRoutes } from './money/routes.js';
import type { LocalPushService } from './notifications/push.js';
import { notificationsRoutes } from './notifications/routes.js';
import { operatorsRoutes } from './operators/routes.js';
import { appPageRoutes, readFirstScreenRender, readPageScripts } from './pages/app-page.js';
import { landerPageRoutes } from './pages/lander-page.js';
import type { Clock } from './platform/clock.js';
import type { Config } from './platform/config.js';
import { statementsRun } from './platform/db/counting.js';
import type { Db } from './platform/db/index.js';
import { DomainError } from './platform/errors.js';
import { createEventBus } from './platform/events/bus.js';
import { connectRedisWire } from './platform/events/wire.js';
import { allowedMethods } from './platform/http/allowed-methods.js';
import { drainingHooks } from './platform/http/draining.js';
import { answerClientError, answerError, installErrorHandler } from './platform/http/error-handler.js';
import { healthRoutes } from './platform/http/health.js';
import { requestLogOptions } from './platform/http/logging.js';
import { metricsRoutes } from './platform/http/metrics.js';
import { openApiOptions } from './platform/http/openapi.js';
import { overload } from './platform/http/overload.js';
import { rateLimitSetup } from './platform/http/rate-limits.js';
import { securityHeaders } from './platform/http/security-headers.js';
import { createBullQueue } from './platform/jobs/bullmq-queue.js';
import { createDbQueue } from './platform/jobs/db-queue.js';
import { devMailboxRoutes } from './platform/mail/dev-mailbox.js';
import type { Mailer } from './platform/mail/mailer.js';
import { configuredMediaStore } from './platform/media/store.js';
import { createMetrics } from './platform/metrics/registry.js';
import { redisOutages } from './platform/redis.js';
import { createDevTextbox, createHttpTexter } from './platform/texts/texter.js';
import { CLIENT_MESSAGE_MAX_BYTES, closeSocketsForRestart, onSocketError, realtimeRoutes } from './realtime/routes.js';
import { createServices, notificationsSetup } from './services.js';
import { sitesRoutes } from './sites/routes.js';

export interface AppDeps {
  config: Config;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  /** Fastify's logger: on or off, or its options (the tests' own stream). */
  logger?: FastifyServerOptions['logger'];
  /** The tests' own push service, the only one pushes may reach at an address that is not public. */
  localPushService?: LocalPushService;
}

/** Fastify's types take no hop count, so a count becomes the function proxy-addr would make of it. */
function fastifyTrustProxy(trust: Config['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

export async function buildApp({
  config,
  db,
  clock,
  mailer,
  logger = false,
  localPushService,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    ...requestLogOptions(logger),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // A request that reaches a closing server on a connection already open is answered (and told
    // `connection: close`), not refused: the load balancer sent it before it saw the drain.
    return503OnClosing: false,
    // Fastify's refusals before a route is found (a bad URL) and Node's (a head too large) leave in
    // the catalogue's shape too, never repeating the URL they refuse.
    frameworkErrors: answerError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  // The API reads JSON; a text body is refused as such (415), not read as a string its schema refuses.
  app.removeContentTypeParser('text/plain');
  await app.register(drainingHooks);
  await app.register(allowedMethods);

  // One warning when Redis goes away, whichever of the instance's connections meets it first.
  const outages = redisOutages(app.log);
  const wire = config.redisUrl ? await connectRedisWire(config.redisUrl, config.redisPrefix, outages) : undefined;
  const events = createEventBus({ db, wire });
  app.addHook('onClose', () => events.close());
  const metrics = createMetrics();
  const dbQueue = createDbQueue({ db, clock, onError: metrics.jobErrors('database') });
  const bullQueue = config.redisUrl
    ? createBullQueue({
        url: config.redisUrl,
        prefix: config.redisPrefix,
        fallback: dbQueue,
        onError: metrics.jobErrors('redis'),
        outages,
      })
    : null;
  const jobs = bullQueue ?? dbQueue;
  const { provider: paymentProvider, sandbox } = configuredProvider(config, db, clock);
  const texter = config.smsUrl
    ? createHttpTexter(config.smsUrl)
    : config.nodeEnv === 'production'
      ? null
      : createDevTextbox(db, clock);
  const services = createServices({
    db,
    clock,
    mailer,
    media: configuredMediaStore(config),
    cdnPurgeUrl: config.cdnPurgeUrl,
    events,
    jobs,
    paymentProvider,
    texter,
    metrics,
    notifications: { ...(await notificationsSetup(config, db, clock)), localService: localPushService },
  });
  // The sandbox's checkout tells the payments domain what the payer chose, as a webhook would.
  sandbox?.onChange((id) => services.payments.webhook(id));
  app.decorate('services', services);
  app.addHook('onClose', async () => {
    services.realtime.close();
    services.exports.close();
    services.photos.close();
    services.chat.close();
  });
  jobs.start();
  app.addHook('onClose', async () => {
    await services.notifications.settled();
    await jobs.close();
  });
  // Before the routes, whose every answer it times.
  await app.register(metricsRoutes, {
    metrics,
    allow: config.metricsAllow,
    token: config.metricsToken,
    trustsProxies: config.trustProxy !== false,
    sources: {
      sockets: () => services.realtime.size,
      outbox: () => events.backlog(),
      queues: { database: dbQueue, ...(bullQueue && { redis: bullQueue }) },
      paymentsByStatus: () => services.payments.countByStatus(),
      statements: () => statementsRun(db),
    },
  });

  await app.register(cookie);
  // Answers over a kilobyte travel compressed, at a Brotli level cheap enough to do per request
  // (level 2: user.php's answer 4% larger than at level 4, its call a fifth less CPU;
  // docs/measurements.md); the web app's files are compressed once, at build time
  // (web/compress-files.ts), and settings.php's once per answer (platform/http/shared-answer.ts).
  // Requests are taken as sent: nothing inflates a body a client compressed. Answers up to 64 KB
  // are compressed in one call: on two cores the plugin's default (8 KB) sent search's and the
  // chats' answers through a zlib stream each, which cost more than the compression itself.
  await app.register(compress, {
    threshold: 1024,
    syncThreshold: 64 * 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 2 } },
    globalDecompression: false,
  });
  // Before the request context: its hooks may refuse a handshake, and the refused socket must be closed.
  await app.register(websocket, {
    options: { maxPayload: CLIENT_MESSAGE_MAX_BYTES },
    preClose: closeSocketsForRestart,
    errorHandler: onSocketError,
  });
  await app.register(securityHeaders);
  // Before anything that reads the database: a call refused for overload has done nothing.
  await app.register(overload, { limits: config.overload, db });
  const rateLimits = await rateLimitSetup(config, outages);
  app.addHook('onClose', rateLimits.close);
  await app.register(rateLimit, rateLimits.options);
  await app.register(swagger, openApiOptions);
  await app.register(requestContextHooks, { publicUrl: config.publicUrl });
  await app.register(staffDoor);

  await app.register(sitesRoutes);
  await app.register(accountsRoutes);
  await app.register(sessionsRoutes, { rateLimitScale: config.rateLimitScale });
  await app.register(credentialsRoutes, { rateLimitScale: config.rateLimitScale });
  await app.register(lifecycleRoutes, { rateLimitScale: config.rateLimitScale });
  await app.register(passkeyRoutes, { rateLimitScale: config.rateLimitScale });
  await app.register(membersRoutes, { rateLimitScale: config.rateLimitScale });
  await app.register(likesRoutes, { rateLimitScale: config.rateLimitScale });
  await app.register(landersRoutes);
  await app.register(chatRoutes, { rateLimitScale: config.rateLimitScale });
  await app.register(realtimeRoutes);
  await app.register(staffSignInRoutes, { rateLimitScale: config.rateLimitScale });
  await app.register(operatorsRoutes);
  await app.register(backofficeRoutes);
  await app.register(moneyRoutes, { rateLimitScale: config.rateLimitScale, sandbox });
  await app.register(notificationsRoutes, {
    rateLimitScale: config.rateLimitScale,
    mailEventsToken: config.mailEventsToken,
  });
  await app.register(complaintsRoutes, { rateLimitScale: config.rateLimitScale });
  await app.register(moderationRoutes, { rateLimitScale: config.rateLimitScale });
  await app.register(exportsRoutes, { rateLimitScale: config.rateLimitScale });
  await app.register(geoRoutes);
  await app.register(healthRoutes, { db });
  if (config.nodeEnv !== 'production') await app.register(devMailboxRoutes, { db });

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  const webDist = config.webDist;
  const indexHtml = webDist && fs.existsSync(path.join(webDist, 'index.html'));
  const landersHtml = indexHtml && path.join(webDist, 'landers.html');
  if (landersHtml && fs.existsSync(landersHtml))
    await app.register(landerPageRoutes, { template: fs.readFileSync(landersHtml, 'utf8') });
  if (webDist && indexHtml) {
    await app.register(appPageRoutes, {
      template: fs.readFileSync(path.join(webDist, 'index.html'), 'utf8'),
      pageScripts: readPageScripts(webDist),
      renderFirstScreen: await readFirstScreenRender(webDist),
    });
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      // The app's pages, '/' among them, come with their first answer (http/app-page.ts).
      index: false,
      // The server's own render of the first screen is not the browser's to fetch.
      allowedPath: (pathName) => !pathName.startsWith(`/${path.dirname(FIRST_SCREEN_RENDER_FILE)}/`),
      preCompressed: true,
      setHeaders(res, file) {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // No path answers TRACE, which would echo a request and its cookies to a script (cross-site tracing).
    if (request.method === 'TRACE') throw new DomainError('method_not_allowed');
    const allowed = app.allowedMethods(request.url);
    // A route that took the method and found nothing (a file the static route does not serve) is a 404.
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      reply.header('allow', allowed.join(', '));
      throw new DomainError('method_not_allowed');
    }
    if (request.url.startsWith('/api/') || !indexHtml || request.method !== 'GET') throw new DomainError('not_found');
    const [pathname = '/', query] = request.url.split('?');
    // The lander routes take no trailing slash; an ad's link with one gets the lander all the same.
    const withoutSlash = pathname.replace(/\/+$/, '');
    if (withoutSlash && withoutSlash !== pathname && isLanderPath(withoutSlash))
      return reply.redirect(query === undefined ? withoutSlash : `${withoutSlash}?${query}`, 301);
    // The app shows its not-found page for paths it has no page for; crawlers and monitors get the status too.
    const status = isWebPath(pathname) ? 200 : 404;
    return reply.code(status).header('cache-control', 'no-cache').sendFile('index.html');
  });

  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: ReturnType<typeof createServices>;
  }
}
