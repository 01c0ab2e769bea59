import { dataExportResponse, exportIdQuery } from '@amora/common/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perMember } from '../platform/http/rate-limits.js';

export const exportsRoutes: FastifyPluginAsyncZod<{ rateLimitScale: number }> = async (app, { rateLimitScale }) => {
  const { services } = app;
  const { exports } = services;
  const limited = perMember(rateLimitScale);
  const signedIn = { signedIn: true };

  app.get(
    '/api/exports.php',
    {
      schema: {
        description: "The member's latest copy of their data: being prepared, or ready to download until it expires.",
        response: { 200: dataExportResponse },
      },
      config: signedIn,
    },
    async (request) => ({ export: await exports.latest(request.member.userId) }),
  );

  app.post(
    '/api/exports.php',
    {
      schema: {
        description: 'Asks for a copy of the member’s data (once a day); a mail and the app tell when it is ready.',
        response: { 200: dataExportResponse },
        errors: ['export_limit'],
      },
      config: { ...limited(30, 60), ...signedIn },
    },
    async (request) => ({ export: await exports.request(request.member.userId) }),
  );

  app.get(
    '/api/export.php',
    {
      schema: {
        description: "Downloads a ready copy of the member's data as a ZIP file (id from exports.php).",
        querystring: exportIdQuery,
        response: { 200: z.any().describe('The ZIP file.') },
        errors: ['not_found'],
      },
      config: { ...limited(60, 60), ...signedIn },
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
