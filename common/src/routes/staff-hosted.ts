/**
 * Hosted profiles: operators look, admins create, change and retire them, with photos and persona
 * sheets. Looking needs either right, `inbox` or `profiles`.
 */
import { defineRoute } from './route.js';

export const staffHostedRoutes = {
  hostedProfiles: defineRoute({
    method: 'GET',
    path: '/api/staff/hosted.php',
    access: { staff: ['inbox', 'profiles'] },
    query: 'hostedProfilesQuery',
    response: 'hostedProfilesResponse',
  }),
  hostedProfile: defineRoute({
    method: 'GET',
    path: '/api/staff/hosted-profile.php',
    access: { staff: ['inbox', 'profiles'] },
    query: 'hostedProfileQuery',
    response: 'hostedProfileResponse',
    errors: ['not_found'],
  }),
  addHostedProfile: defineRoute({
    method: 'POST',
    path: '/api/staff/hosted.php',
    access: { staff: 'profiles' },
    body: 'newHostedProfileRequest',
    response: 'hostedProfileResponse',
    errors: ['not_found'],
  }),
  changeHostedProfile: defineRoute({
    method: 'PUT',
    path: '/api/staff/hosted.php',
    access: { staff: 'profiles' },
    body: 'changeHostedProfileRequest',
    response: 'hostedProfileResponse',
    errors: ['not_found'],
  }),
  setHostedStatus: defineRoute({
    method: 'POST',
    path: '/api/staff/hosted-status.php',
    access: { staff: 'profiles' },
    body: 'hostedStatusRequest',
    response: 'hostedProfileResponse',
    errors: ['not_found'],
  }),
  uploadHostedPhoto: defineRoute({
    method: 'POST',
    path: '/api/staff/hosted-photo.php',
    access: { staff: 'profiles' },
    query: 'hostedPhotoUploadQuery',
    upload: true,
    response: 'hostedProfileResponse',
    errors: [
      'not_found',
      'photo_invalid',
      'photo_too_large',
      'photo_too_many_pixels',
      'photo_too_small',
      'photo_limit',
    ],
  }),
  changeHostedPhoto: defineRoute({
    method: 'PUT',
    path: '/api/staff/hosted-photo.php',
    access: { staff: 'profiles' },
    body: 'hostedPhotoChangeRequest',
    response: 'hostedProfileResponse',
    errors: ['not_found', 'photo_main_private'],
  }),
  removeHostedPhoto: defineRoute({
    method: 'DELETE',
    path: '/api/staff/hosted-photo.php',
    access: { staff: 'profiles' },
    body: 'hostedPhotoRemoveRequest',
    response: 'hostedProfileResponse',
    errors: ['not_found', 'photo_in_chat'],
  }),
  editHostedPersona: defineRoute({
    method: 'PUT',
    path: '/api/staff/hosted-persona.php',
    access: { staff: 'profiles' },
    body: 'hostedPersonaRequest',
    response: 'personaResponse',
    errors: ['not_found', 'persona_changed'],
  }),
};
