/** Hosted profiles under /api/staff/: operators look, admins create, change and retire them, with photos and persona sheets. */
import { staffHostedRoutes as routes } from '@amora/common/routes';
import type { FastifyPluginAsync } from 'fastify';
import { uploadedPhoto } from '../platform/http/photo-upload.js';
import { serve } from '../platform/http/serve.js';

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

  // The file is read only past the door (access/door.ts): no one else makes the server hold it.
  serve(
    app,
    routes.uploadHostedPhoto,
    { schema: { description: "Uploads a hosted profile's photo as multipart/form-data (one file)." } },
    async (request) =>
      hosted.uploadHostedPhoto(request.staff, request.site, request.query.profile, await uploadedPhoto(request)),
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
