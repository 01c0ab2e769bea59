/**
 * The staff API under /api/staff/: its own sign-in and cookie, the operator inbox, claims,
 * conversations and answers as hosted profiles, and notes on members. Staff work on the site
 * whose domain they use.
 */
import { PASSWORD_MAX_LENGTH } from '@amora/common';
import {
  addBundleRequest,
  addDiscountCodeRequest,
  addStaffRequest,
  addStaffResponse,
  answerRequest,
  answerResponse,
  appealDecisionRequest,
  auditLogQuery,
  auditLogResponse,
  bundleResponse,
  bundlesQuery,
  bundlesResponse,
  caseDecisionRequest,
  caseQueueQuery,
  caseQueueResponse,
  caseReviewRequest,
  changeBundleRequest,
  changeDiscountCodeRequest,
  changeHostedProfileRequest,
  changeSiteRequest,
  changeStaffRequest,
  changeStaffResponse,
  claimResponse,
  dashboardQuery,
  dashboardResponse,
  decidePhotosRequest,
  decidePhotosResponse,
  discountCodeResponse,
  discountCodesQuery,
  discountCodesResponse,
  endStaffSessionRequest,
  eraseMemberRequest,
  hostedPersonaRequest,
  hostedPhotoChangeRequest,
  hostedPhotoRemoveRequest,
  hostedPhotoUploadQuery,
  hostedProfileQuery,
  hostedProfileResponse,
  hostedProfilesQuery,
  hostedProfilesResponse,
  hostedStatusRequest,
  id,
  inboxResponse,
  memberActionRequest,
  multilineText,
  newHostedProfileRequest,
  newSiteRequest,
  notesResponse,
  okResponse,
  operatorConversationResponse,
  operatorPrivatePhotosRequest,
  personaRequest,
  personaResponse,
  photoQueueResponse,
  siteDomainRequest,
  siteQuery,
  staffLoginResponse,
  staffMemberResponse,
  staffMembersQuery,
  staffMembersResponse,
  staffMeResponse,
  staffPaymentsQuery,
  staffPaymentsResponse,
  staffRefundResponse,
  staffResponse,
  staffSessionsResponse,
  staffSiteResponse,
  staffSitesResponse,
  staffStatusRequest,
  staffTeamResponse,
  text,
  twoStepRequest,
  twoStepSetup,
} from '@amora/common/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { secureCookies } from '../identity/request-context.js';
import { DomainError } from '../platform/errors.js';
import { sendObject } from '../platform/http/media.js';
import { acceptPhotoUploads, uploadedPhoto } from '../platform/http/photo-upload.js';
import { perVisitor } from '../platform/http/rate-limits.js';
import { requireRight } from './policy.js';
import { STAFF_MEDIA_PREFIX, type StaffMember } from './service.js';

export const STAFF_COOKIE = 'amora_staff';

const conversationBody = z.object({ conversation: id });
/** The refusals of any call for a role's right. */
const STAFF = ['staff_login_required', 'forbidden'] as const;
/** The refusals of a call about a conversation the operator must have claimed. */
const CLAIMED = [...STAFF, 'not_found', 'claim_required'] as const;
const refundBody = z.object({ payment: id, reason: text().trim().min(1, 'required').max(500, 'too_long') });
const noteBody = conversationBody.extend({ text: multilineText().trim().min(1, 'required').max(2000, 'too_long') });
const loginBody = z.object({
  email: text().min(1, 'required').max(254, 'too_long'),
  password: text().min(1, 'required').max(PASSWORD_MAX_LENGTH, 'password_too_long'),
});

function setStaffCookie(request: FastifyRequest, reply: FastifyReply, token: string, expires: Date) {
  reply.setCookie(STAFF_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: secureCookies(request),
    expires,
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    staff: StaffMember | null;
  }
}

export const staffRoutes: FastifyPluginAsyncZod<{ rateLimitScale: number }> = async (app, { rateLimitScale }) => {
  const { services } = app;
  const { staff } = services;
  app.decorateRequest('staff', null);
  app.addHook('preHandler', async (request: FastifyRequest) => {
    const token = request.cookies[STAFF_COOKIE];
    request.staff = token ? await staff.bySession(token) : null;
  });
  const operator = (request: FastifyRequest) => requireRight(request.staff, 'inbox');
  await acceptPhotoUploads(app);

  app.post(
    '/api/staff/login.php',
    {
      schema: { body: loginBody, response: { 200: staffLoginResponse }, errors: ['login_failed'] },
      config: perVisitor(rateLimitScale)(10, 10),
    },
    async (request, reply) => {
      const { session, outcome } = await staff.login(request.site, request.body.email, request.body.password);
      setStaffCookie(request, reply, session.token, session.expires);
      return outcome;
    },
  );

  app.post(
    '/api/staff/two-step.php',
    {
      schema: {
        body: twoStepRequest,
        response: { 200: staffResponse },
        errors: ['staff_login_required'],
      },
      config: perVisitor(rateLimitScale)(10, 10),
    },
    async (request, reply) => {
      const token = request.cookies[STAFF_COOKIE];
      if (!token) throw new DomainError('staff_login_required');
      const { staff: member, expires } = await staff.confirmTwoStep(token, request.body.code);
      if (expires) setStaffCookie(request, reply, token, expires);
      return { staff: member };
    },
  );

  app.post(
    '/api/staff/two-step-setup.php',
    { schema: { response: { 200: twoStepSetup }, errors: ['staff_login_required', 'two_step_on_already'] } },
    async (request) => staff.startTwoStepSetup(request.site, request.staff, request.cookies[STAFF_COOKIE]),
  );

  app.post('/api/staff/logout.php', { schema: { response: { 200: okResponse } } }, async (request, reply) => {
    const token = request.cookies[STAFF_COOKIE];
    if (token) await staff.logout(token);
    reply.clearCookie(STAFF_COOKIE, { path: '/' });
    return { ok: true as const };
  });

  app.get('/api/staff/me.php', { schema: { response: { 200: staffMeResponse } } }, async (request) => ({
    staff: request.staff,
  }));

  app.post(
    '/api/staff/status.php',
    { schema: { body: staffStatusRequest, response: { 200: staffResponse }, errors: STAFF } },
    async (request) => staff.setAway(request.staff, request.body.away),
  );

  app.get('/api/staff/inbox.php', { schema: { response: { 200: inboxResponse }, errors: STAFF } }, async (request) =>
    staff.inbox(request.site, operator(request)),
  );

  app.post(
    '/api/staff/claim.php',
    {
      schema: {
        body: conversationBody,
        response: { 200: claimResponse },
        errors: [...STAFF, 'not_found', 'claim_taken', 'claim_capacity', 'staff_away'],
      },
    },
    async (request) => staff.claim(request.site, operator(request), request.body.conversation),
  );

  app.post(
    '/api/staff/release.php',
    { schema: { body: conversationBody, response: { 200: okResponse }, errors: [...STAFF, 'not_found'] } },
    async (request) => {
      await staff.release(request.site, operator(request), request.body.conversation);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/staff/conversation.php',
    {
      schema: {
        querystring: z.object({ conversation: id }),
        response: { 200: operatorConversationResponse },
        errors: CLAIMED,
      },
    },
    async (request) => staff.conversation(request.site, operator(request), request.query.conversation),
  );

  app.post(
    '/api/staff/answer.php',
    { schema: { body: answerRequest, response: { 200: answerResponse }, errors: CLAIMED } },
    async (request) => staff.answer(request.site, operator(request), request.body),
  );

  app.post(
    '/api/staff/private-photos.php',
    {
      schema: {
        description:
          "Grants, declines or revokes the hosted profile's private photos to the member of a held conversation.",
        body: operatorPrivatePhotosRequest,
        response: { 200: operatorConversationResponse },
        errors: CLAIMED,
      },
    },
    async (request) => staff.privatePhotos(request.site, operator(request), request.body),
  );

  app.put(
    '/api/staff/persona.php',
    {
      schema: { body: personaRequest, response: { 200: personaResponse }, errors: [...CLAIMED, 'persona_changed'] },
    },
    async (request) => staff.editPersona(request.site, operator(request), request.body),
  );

  app.post(
    '/api/staff/note.php',
    { schema: { body: noteBody, response: { 200: notesResponse }, errors: CLAIMED } },
    async (request) => staff.addNote(request.site, operator(request), request.body.conversation, request.body.text),
  );

  app.post(
    '/api/staff/refund.php',
    {
      schema: {
        body: refundBody,
        response: { 200: staffRefundResponse },
        errors: [...STAFF, 'refund_refused', 'payment_provider_unavailable'],
      },
    },
    async (request) => {
      const { transaction, creditsTaken } = await staff.refund(
        request.staff,
        request.body.payment,
        request.body.reason,
      );
      return { transaction, credits_taken: creditsTaken };
    },
  );

  app.get(
    '/api/staff/photos.php',
    {
      schema: {
        querystring: z.object({ site: id.optional() }),
        response: { 200: photoQueueResponse },
        errors: STAFF,
      },
    },
    async (request) => staff.photoQueue(request.staff, request.query.site),
  );

  app.post(
    '/api/staff/photos.php',
    { schema: { body: decidePhotosRequest, response: { 200: decidePhotosResponse }, errors: STAFF } },
    async (request) => staff.decidePhotos(request.staff, request.body),
  );

  app.get(
    '/api/staff/cases.php',
    { schema: { querystring: caseQueueQuery, response: { 200: caseQueueResponse }, errors: STAFF } },
    async (request) => staff.cases(request.staff, request.query),
  );

  app.post(
    '/api/staff/case-review.php',
    {
      schema: {
        body: caseReviewRequest,
        response: { 200: okResponse },
        errors: [...STAFF, 'not_found', 'already_decided', 'already_activated'],
      },
    },
    async (request) => staff.reviewCase(request.staff, request.body.case),
  );

  app.post(
    '/api/staff/case-decision.php',
    {
      schema: {
        body: caseDecisionRequest,
        response: { 200: okResponse },
        errors: [...STAFF, 'not_found', 'already_decided', 'already_activated'],
      },
    },
    async (request) => staff.decideCase(request.staff, request.body),
  );

  app.post(
    '/api/staff/appeal-decision.php',
    {
      schema: {
        body: appealDecisionRequest,
        response: { 200: okResponse },
        errors: [...STAFF, 'not_found', 'already_decided', 'appeal_own_decision'],
      },
    },
    async (request) => staff.decideAppeal(request.staff, request.body),
  );

  app.get(
    '/api/staff/members.php',
    { schema: { querystring: staffMembersQuery, response: { 200: staffMembersResponse }, errors: STAFF } },
    async (request) => staff.findMembers(request.staff, request.query),
  );

  app.get(
    '/api/staff/member.php',
    {
      schema: {
        querystring: z.object({ id }),
        response: { 200: staffMemberResponse },
        errors: [...STAFF, 'not_found'],
      },
    },
    async (request) => staff.memberDetail(request.staff, request.query.id),
  );

  app.post(
    '/api/staff/member-action.php',
    {
      schema: {
        body: memberActionRequest,
        response: { 200: staffMemberResponse },
        errors: [...STAFF, 'not_found', 'already_decided', 'already_activated'],
      },
    },
    async (request) => staff.actOnMember(request.staff, request.body),
  );

  app.get(
    '/api/staff/dashboard.php',
    { schema: { querystring: dashboardQuery, response: { 200: dashboardResponse }, errors: STAFF } },
    async (request) => staff.dashboard(request.staff, request.query),
  );

  app.get(
    '/api/staff/discounts.php',
    { schema: { querystring: discountCodesQuery, response: { 200: discountCodesResponse }, errors: STAFF } },
    async (request) => staff.discountCodes(request.staff, request.query),
  );

  app.post(
    '/api/staff/discounts.php',
    { schema: { body: addDiscountCodeRequest, response: { 200: discountCodeResponse }, errors: STAFF } },
    async (request) => staff.addDiscountCode(request.staff, request.body),
  );

  app.put(
    '/api/staff/discounts.php',
    {
      schema: {
        body: changeDiscountCodeRequest,
        response: { 200: discountCodeResponse },
        errors: [...STAFF, 'not_found'],
      },
    },
    async (request) => staff.changeDiscountCode(request.staff, request.body),
  );

  app.get(
    '/api/staff/bundles.php',
    { schema: { querystring: bundlesQuery, response: { 200: bundlesResponse }, errors: STAFF } },
    async (request) => staff.bundles(request.staff, request.query),
  );

  app.post(
    '/api/staff/bundles.php',
    { schema: { body: addBundleRequest, response: { 200: bundleResponse }, errors: STAFF } },
    async (request) => staff.addBundle(request.staff, request.body),
  );

  app.put(
    '/api/staff/bundles.php',
    {
      schema: {
        body: changeBundleRequest,
        response: { 200: bundleResponse },
        errors: [...STAFF, 'not_found'],
      },
    },
    async (request) => staff.changeBundle(request.staff, request.body),
  );

  // Never kept by a browser or a proxy: a rejected photo must be gone at once.
  app.get(`${STAFF_MEDIA_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
    const file = (request.params as { '*': string })['*'];
    return sendObject(reply, await staff.mediaObject(request.site, request.staff, file), 'private, no-store');
  });

  app.get(
    '/api/staff/log.php',
    { schema: { querystring: auditLogQuery, response: { 200: auditLogResponse }, errors: STAFF } },
    async (request) => staff.auditLog(request.staff, request.query),
  );

  app.get(
    '/api/staff/sites.php',
    { schema: { response: { 200: staffSitesResponse }, errors: STAFF } },
    async (request) => ({ sites: await staff.siteList(request.staff) }),
  );

  app.get(
    '/api/staff/payments.php',
    { schema: { querystring: staffPaymentsQuery, response: { 200: staffPaymentsResponse }, errors: STAFF } },
    async (request) => staff.paymentList(request.staff, request.query),
  );

  app.get(
    '/api/staff/team.php',
    { schema: { response: { 200: staffTeamResponse }, errors: STAFF } },
    async (request) => ({ staff: await staff.team(request.staff) }),
  );

  app.post(
    '/api/staff/team.php',
    { schema: { body: addStaffRequest, response: { 200: addStaffResponse }, errors: STAFF } },
    async (request) => staff.addByAdmin(request.staff, request.body),
  );

  app.put(
    '/api/staff/team.php',
    {
      schema: {
        body: changeStaffRequest,
        response: { 200: changeStaffResponse },
        errors: [...STAFF, 'not_found', 'staff_self_change'],
      },
    },
    async (request) => staff.change(request.staff, request.body),
  );

  app.get(
    '/api/staff/sessions.php',
    { schema: { response: { 200: staffSessionsResponse }, errors: ['staff_login_required'] } },
    async (request) => ({ sessions: await staff.sessions(request.staff, request.cookies[STAFF_COOKIE]) }),
  );

  app.post(
    '/api/staff/end-session.php',
    {
      schema: {
        body: endStaffSessionRequest,
        response: { 200: okResponse },
        errors: ['staff_login_required', 'not_found'],
      },
    },
    async (request) => {
      await staff.endSession(request.staff, request.body.session);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/staff/hosted.php',
    { schema: { querystring: hostedProfilesQuery, response: { 200: hostedProfilesResponse }, errors: STAFF } },
    async (request) => staff.hostedProfiles(request.staff, request.site, request.query),
  );

  app.get(
    '/api/staff/hosted-profile.php',
    {
      schema: {
        querystring: hostedProfileQuery,
        response: { 200: hostedProfileResponse },
        errors: [...STAFF, 'not_found'],
      },
    },
    async (request) => staff.hostedProfileDetail(request.staff, request.site, request.query.id),
  );

  app.post(
    '/api/staff/hosted.php',
    {
      schema: {
        body: newHostedProfileRequest,
        response: { 200: hostedProfileResponse },
        errors: [...STAFF, 'not_found'],
      },
    },
    async (request) => staff.addHostedProfile(request.staff, request.body),
  );

  app.put(
    '/api/staff/hosted.php',
    {
      schema: {
        body: changeHostedProfileRequest,
        response: { 200: hostedProfileResponse },
        errors: [...STAFF, 'not_found'],
      },
    },
    async (request) => staff.changeHostedProfile(request.staff, request.site, request.body),
  );

  app.post(
    '/api/staff/hosted-status.php',
    {
      schema: { body: hostedStatusRequest, response: { 200: hostedProfileResponse }, errors: [...STAFF, 'not_found'] },
    },
    async (request) => staff.setHostedStatus(request.staff, request.site, request.body),
  );

  app.post(
    '/api/staff/hosted-photo.php',
    {
      schema: {
        description: "Uploads a hosted profile's photo as multipart/form-data (one file).",
        querystring: hostedPhotoUploadQuery,
        response: { 200: hostedProfileResponse },
        errors: [
          ...STAFF,
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
      return staff.uploadHostedPhoto(request.staff, request.site, request.query.profile, await uploadedPhoto(request));
    },
  );

  app.put(
    '/api/staff/hosted-photo.php',
    {
      schema: {
        body: hostedPhotoChangeRequest,
        response: { 200: hostedProfileResponse },
        errors: [...STAFF, 'not_found', 'photo_main_private'],
      },
    },
    async (request) => staff.changeHostedPhoto(request.staff, request.site, request.body),
  );

  app.delete(
    '/api/staff/hosted-photo.php',
    {
      schema: {
        body: hostedPhotoRemoveRequest,
        response: { 200: hostedProfileResponse },
        errors: [...STAFF, 'not_found', 'photo_in_chat'],
      },
    },
    async (request) => staff.removeHostedPhoto(request.staff, request.site, request.body),
  );

  app.put(
    '/api/staff/hosted-persona.php',
    {
      schema: {
        body: hostedPersonaRequest,
        response: { 200: personaResponse },
        errors: [...STAFF, 'not_found', 'persona_changed'],
      },
    },
    async (request) => staff.editHostedPersona(request.staff, request.site, request.body),
  );

  app.get(
    '/api/staff/site.php',
    { schema: { querystring: siteQuery, response: { 200: staffSiteResponse }, errors: [...STAFF, 'not_found'] } },
    async (request) => staff.siteDetail(request.staff, request.query.id),
  );

  app.post(
    '/api/staff/sites.php',
    { schema: { body: newSiteRequest, response: { 200: staffSiteResponse }, errors: STAFF } },
    async (request) => staff.addSite(request.staff, request.body),
  );

  app.put(
    '/api/staff/site.php',
    { schema: { body: changeSiteRequest, response: { 200: staffSiteResponse }, errors: [...STAFF, 'not_found'] } },
    async (request) => staff.changeSite(request.staff, request.body),
  );

  app.post(
    '/api/staff/site-domain.php',
    { schema: { body: siteDomainRequest, response: { 200: staffSiteResponse }, errors: [...STAFF, 'not_found'] } },
    async (request) => staff.addSiteDomain(request.staff, request.body),
  );

  app.delete(
    '/api/staff/site-domain.php',
    { schema: { body: siteDomainRequest, response: { 200: staffSiteResponse }, errors: [...STAFF, 'not_found'] } },
    async (request) => staff.removeSiteDomain(request.staff, request.body),
  );

  app.post(
    '/api/staff/member-erase.php',
    { schema: { body: eraseMemberRequest, response: { 200: okResponse }, errors: [...STAFF, 'not_found'] } },
    async (request) => {
      await staff.eraseMember(request.staff, request.body);
      return { ok: true as const };
    },
  );
};
