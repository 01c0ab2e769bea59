/** Hosted profiles under /api/staff/: operators look, admins create, change and retire them, with photos and persona sheets. */
import {
  changeHostedProfileRequest,
  hostedPersonaRequest,
  hostedPhotoChangeRequest,
  hostedPhotoRemoveRequest,
  hostedPhotoUploadQuery,
  hostedProfileQuery,
  hostedProfileResponse,
  hostedProfilesQuery,
  hostedProfilesResponse,
  hostedStatusRequest,
  newHostedProfileRequest,
  personaResponse,
} from '@amora/common/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRight, STAFF_REFUSALS } from '../identity/staff/policy.js';
import { uploadedPhoto } from '../platform/http/photo-upload.js';

export const hostedRoutes: FastifyPluginAsyncZod = async (app) => {
  const { hosted } = app.services.operators;
  app.get(
    '/api/staff/hosted.php',
    { schema: { querystring: hostedProfilesQuery, response: { 200: hostedProfilesResponse }, errors: STAFF_REFUSALS } },
    async (request) => hosted.hostedProfiles(request.staff, request.site, request.query),
  );

  app.get(
    '/api/staff/hosted-profile.php',
    {
      schema: {
        querystring: hostedProfileQuery,
        response: { 200: hostedProfileResponse },
        errors: [...STAFF_REFUSALS, 'not_found'],
      },
    },
    async (request) => hosted.hostedProfileDetail(request.staff, request.site, request.query.id),
  );

  app.post(
    '/api/staff/hosted.php',
    {
      schema: {
        body: newHostedProfileRequest,
        response: { 200: hostedProfileResponse },
        errors: [...STAFF_REFUSALS, 'not_found'],
      },
    },
    async (request) => hosted.addHostedProfile(request.staff, request.body),
  );

  app.put(
    '/api/staff/hosted.php',
    {
      schema: {
        body: changeHostedProfileRequest,
        response: { 200: hostedProfileResponse },
        errors: [...STAFF_REFUSALS, 'not_found'],
      },
    },
    async (request) => hosted.changeHostedProfile(request.staff, request.site, request.body),
  );

  app.post(
    '/api/staff/hosted-status.php',
    {
      schema: {
        body: hostedStatusRequest,
        response: { 200: hostedProfileResponse },
        errors: [...STAFF_REFUSALS, 'not_found'],
      },
    },
    async (request) => hosted.setHostedStatus(request.staff, request.site, request.body),
  );

  app.post(
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

  app.put(
    '/api/staff/hosted-photo.php',
    {
      schema: {
        body: hostedPhotoChangeRequest,
        response: { 200: hostedProfileResponse },
        errors: [...STAFF_REFUSALS, 'not_found', 'photo_main_private'],
      },
    },
    async (request) => hosted.changeHostedPhoto(request.staff, request.site, request.body),
  );

  app.delete(
    '/api/staff/hosted-photo.php',
    {
      schema: {
        body: hostedPhotoRemoveRequest,
        response: { 200: hostedProfileResponse },
        errors: [...STAFF_REFUSALS, 'not_found', 'photo_in_chat'],
      },
    },
    async (request) => hosted.removeHostedPhoto(request.staff, request.site, request.body),
  );

  app.put(
    '/api/staff/hosted-persona.php',
    {
      schema: {
        body: hostedPersonaRequest,
        response: { 200: personaResponse },
        errors: [...STAFF_REFUSALS, 'not_found', 'persona_changed'],
      },
    },
    async (request) => hosted.editHostedPersona(request.staff, request.site, request.body),
  );
};
