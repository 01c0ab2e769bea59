import { exportRoutes as routes } from '@amora/common/routes';
import type { FastifyPluginAsync } from 'fastify';
import { perMember } from '../platform/http/rate-limits.js';
import { serve } from '../platform/http/serve.js';

export const exportsRoutes: FastifyPluginAsync<{ rateLimitScale: number }> = async (app, { rateLimitScale }) => {
  const { services } = app;
  const { exports } = services;
  const limited = perMember(rateLimitScale);

  serve(
    app,
    routes.latest,
    {
      schema: {
        description: "The member's latest copy of their data: being prepared, or ready to download until it expires.",
      },
    },
    async (request) => ({ export: await exports.latest(request.member.userId) }),
  );

  serve(
    app,
    routes.request,
    {
      schema: {
        description: 'Asks for a copy of the member’s data (once a day); a mail and the app tell when it is ready.',
      },
      config: limited(30, 60),
    },
    async (request) => ({ export: await exports.request(request.member.userId) }),
  );

  serve(
    app,
    routes.download,
    {
      schema: { description: "Downloads a ready copy of the member's data as a ZIP file (id from exports.php)." },
      config: limited(60, 60),
    },
    async (request, reply) => {
      const { object, name } = await exports.download(request.member.userId, request.query.id);
      return reply
        .type('application/zip')
        .header('content-length', object.size)
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(object.body);
    },
  );
};
