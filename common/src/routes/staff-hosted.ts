/**
 * Hosted profiles: operators look, admins create, change and retire them, with photos and persona
 * sheets. Looking needs either right (`inbox` or `profiles`), which one door cannot say: the
 * service asks it, and the routes list the staff refusals themselves. A photo's upload
 * (POST hosted-photo.php?profile=) sends a query beside its file, which an upload here cannot: it
 * is registered outside the table (server/src/operators/hosted-routes.ts).
 */
import { defineRoute } from './route.js';

export const staffHostedRoutes = {
  hostedProfiles: defineRoute({
    method: 'GET',
    path: '/api/staff/hosted.php',
    access: 'anyone',
    query: 'hostedProfilesQuery',
    response: 'hostedProfilesResponse',
    errors: ['staff_login_required', 'forbidden'],
  }),
  hostedProfile: defineRoute({
    method: 'GET',
    path: '/api/staff/hosted-profile.php',
    access: 'anyone',
    query: 'hostedProfileQuery',
    response: 'hostedProfileResponse',
    errors: ['staff_login_required', 'forbidden', 'not_found'],
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
