/** Hosted profiles under /api/staff/: operators look, admins create, change and retire them, with photos and persona sheets. */
import { staffHostedRoutes as routes } from '@amora/common/routes';
import { hostedPhotoUploadQuery, hostedProfileResponse } from '@amora/common/schemas';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { serve } from '../access/serve.js';
import { requireRight, STAFF_REFUSALS } from '../identity/staff/policy.js';
import { uploadedPhoto } from '../platform/http/photo-upload.js';

export const hostedRoutes: FastifyPluginAsync = async (app) => {
  const { hosted } = app.services.operators;
  serve(app, routes.hostedProfiles, (request) => hosted.hostedProfiles(request.staff, request.site, request.query));
  serve(app, routes.hostedProfile, (request) =>
    hosted.hostedProfileDetail(request.staff, request.site, request.query.id),
  );
  serve(app, routes.addHostedProfile, (request) => hosted.addHostedProfile(request.staff, request.body));
  serve(app, routes.changeHostedProfile, (request) =>
    hosted.changeHostedProfile(request.staff, request.site, request.body),
  );
  serve(app, routes.setHostedStatus, (request) => hosted.setHostedStatus(request.staff, request.site, request.body));

  // A file and a query: not a route of the table (common/src/routes/staff-hosted.ts).
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/staff/hosted-photo.php',
    {
      schema: {
        description: "Uploads a hosted profile's photo as multipart/form-data (one file).",
        querystring: hostedPhotoUploadQuery,
        response: { 200: hostedProfileResponse },
        errors: [
          ...STAFF_REFUSALS,
          'not_found',
          'photo_invalid',
          'photo_too_large',
          'photo_too_many_pixels',
          'photo_too_small',
          'photo_limit',
        ],
      },
    },
    async (request) => {
      // The file is read only once the staff member may upload: no one else makes the server hold it.
      requireRight(request.staff, 'profiles');
      return hosted.uploadHostedPhoto(request.staff, request.site, request.query.profile, await uploadedPhoto(request));
    },
  );

  serve(app, routes.changeHostedPhoto, (request) =>
    hosted.changeHostedPhoto(request.staff, request.site, request.body),
  );
  serve(app, routes.removeHostedPhoto, (request) =>
    hosted.removeHostedPhoto(request.staff, request.site, request.body),
  );
  serve(app, routes.editHostedPersona, (request) =>
    hosted.editHostedPersona(request.staff, request.site, request.body),
  );
};
