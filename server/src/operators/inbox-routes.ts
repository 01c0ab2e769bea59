/** The operators' inbox under /api/staff/: claims, held conversations, answers as hosted profiles, personas and notes. */
import { staffInboxRoutes as routes } from '@amora/common/routes';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requireRight } from '../identity/staff/policy.js';
import { serve } from '../platform/http/serve.js';

/** The operator signed in, as the service takes them (the door asked the same right). */
const operator = (request: FastifyRequest) => requireRight(request.staff, 'inbox');

export const inboxRoutes: FastifyPluginAsync = async (app) => {
  const { inbox } = app.services.operators;
  serve(app, routes.inbox, (request) => inbox.inbox(request.site, operator(request)));
  serve(app, routes.claim, (request) => inbox.claim(request.site, operator(request), request.body.conversation));
  serve(app, routes.release, async (request) => {
    await inbox.release(request.site, operator(request), request.body.conversation);
    return { ok: true as const };
  });
  serve(app, routes.conversation, (request) =>
    inbox.conversation(request.site, operator(request), request.query.conversation),
  );
  serve(app, routes.answer, (request) => inbox.answer(request.site, operator(request), request.body));
  serve(
    app,
    routes.privatePhotos,
    {
      schema: {
        description:
          "Grants, declines or revokes the hosted profile's private photos to the member of a held conversation.",
      },
    },
    (request) => inbox.privatePhotos(request.site, operator(request), request.body),
  );
  serve(app, routes.editPersona, (request) => inbox.editPersona(request.site, operator(request), request.body));
  serve(app, routes.addNote, (request) =>
    inbox.addNote(request.site, operator(request), request.body.conversation, request.body.text),
  );
};
