/**
 * GET /api/ws: a member's live connection. The handshake needs the session cookie and, from a
 * browser, the site's own Origin; a session holds at most SOCKETS_PER_SESSION sockets. `since` is
 * the newest message id the app has; what came after it is sent first (then `ready`), so a
 * reconnecting app misses nothing and gets nothing twice. A socket lives as long as its session.
 */
import {
  type ClientSignal,
  SERVICE_RESTART_CLOSE_CODE,
  SESSION_ENDED_CLOSE_CODE,
  type ServerPush,
  TYPING_SIGNAL_MS,
} from '@amora/common';
import { clientSignal } from '@amora/common/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { requestOrigin } from '../identity/request-context.js';
import { ONLINE_RENEWAL_MINUTES } from '../members/profiles/service.js';
import { authenticationRequired, DomainError } from '../platform/errors.js';
import type { Listener } from './hub.js';

/** How often a socket is pinged; one that has not answered the previous ping is closed. */
const HEARTBEAT_MS = 30_000;
/** Client messages are small: typing and visibility signals. */
export const CLIENT_MESSAGE_MAX_BYTES = 1024;
/** How long a closing socket's peer has to answer the close before its connection is cut. */
const CLOSE_ANSWER_MS = 2_000;
/** RFC 6455's "policy violation": a socket opened beside as many as its session may hold. */
const POLICY_VIOLATION_CLOSE_CODE = 1008;

const wsQuery = z.object({
  since: z.coerce.number({ message: 'invalid_choice' }).int('invalid_choice').min(0, 'invalid_choice').optional(),
});

/** Scheme, host and port, as URL spells them (lower case, no default port); null for what is no URL. */
function normalisedOrigin(origin: string): string | null {
  try {
    return new URL(origin).origin;
  } catch {
    return null;
  }
}

/**
 * A browser's cross-site handshake carries the other site's Origin; such a socket is refused, as
 * is one from the same host over another scheme or port (an http page of an https site).
 */
function assertOwnOrigin(request: FastifyRequest) {
  const origin = request.headers.origin;
  if (origin === undefined) return;
  const theirs = normalisedOrigin(origin);
  if (theirs === null || theirs !== normalisedOrigin(requestOrigin(request))) throw new DomainError('forbidden');
}

/**
 * The websocket plugin's errorHandler. Errors of the protocol (a frame over maxPayload, bad UTF-8)
 * are the client's: ws closes the socket with their code (1009, 1007…) itself, and they are no
 * server error. Anything else is logged and the socket cut.
 */
export function onSocketError(this: FastifyInstance, error: Error, socket: WebSocket, request: FastifyRequest) {
  if ((error as NodeJS.ErrnoException).code?.startsWith('WS_ERR_')) {
    request.log.info({ err: error }, 'websocket closed for breaking the protocol');
    return;
  }
  request.log.error(error);
  socket.terminate();
}

/**
 * The websocket plugin's preClose hook, as the app closes: every socket is told the service
 * restarts. A peer that has gone away never answers the close; its connection is cut after
 * CLOSE_ANSWER_MS, so it cannot hold the shutdown up.
 */
export async function closeSocketsForRestart(this: FastifyInstance) {
  const server = this.websocketServer;
  for (const socket of server.clients) socket.close(SERVICE_RESTART_CLOSE_CODE, 'service restart');
  const cut = setTimeout(() => {
    for (const socket of server.clients) socket.terminate();
  }, CLOSE_ANSWER_MS);
  // Resolves once every socket has closed; a handshake from now on is refused with 503.
  await new Promise((resolve) => server.close(resolve));
  clearTimeout(cut);
}

export const realtimeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const { sessions, chat, members, realtime } = services;
  // A beacon's body comes as text/plain, which the API refuses elsewhere; page-hidden.php reads none of it.
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) =>
    done(null, undefined),
  );

  /** The id of the session a signed-in request came with. */
  const sessionOf = (request: FastifyRequest): string => {
    if (!request.sessionToken) throw authenticationRequired();
    return sessions.sessionIdOf(request.sessionToken);
  };

  app.get(
    '/api/ws',
    {
      websocket: true,
      schema: { querystring: wsQuery },
      config: { signedIn: true },
      preHandler: async (request) => {
        assertOwnOrigin(request);
        if (!realtime.hasRoomFor(sessionOf(request))) throw new DomainError('rate_limited');
      },
    },
    async (socket: WebSocket, request) => {
      const { site, member } = request;
      const sessionId = sessionOf(request);
      const since = (request.query as z.infer<typeof wsQuery>).since;
      const send = (push: ServerPush) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(push));
      };

      // Live events wait while the missed messages are read, then go out without the ones already sent.
      let waiting: ServerPush[] | null = since === undefined ? null : [];
      const listener: Listener = {
        send: (push) => (waiting ? waiting.push(push) : send(push)),
        end: () => {
          if (socket.readyState === socket.OPEN) socket.close(SESSION_ENDED_CLOSE_CODE, 'session ended');
        },
      };
      const stopListening = realtime.add(member.profileId, sessionId, listener);
      // Handshakes let in together by the check before the upgrade: the ones beyond the limit go.
      if (!stopListening) return socket.close(POLICY_VIOLATION_CLOSE_CODE, 'too many sockets');

      let visible = true;
      let alive = true;
      let beats = 0;
      const renewalBeats = Math.max(1, Math.round((ONLINE_RENEWAL_MINUTES * 60_000) / HEARTBEAT_MS));
      const heartbeat = setInterval(() => {
        if (!alive) return socket.terminate();
        alive = false;
        socket.ping();
        if (++beats % renewalBeats === 0 && visible) void members.setOnline(member.profileId, true).catch(() => {});
      }, HEARTBEAT_MS);
      socket.on('pong', () => {
        alive = true;
      });

      const lastTyping = new Map<number, number>();
      socket.on('message', (data, isBinary) => {
        if (isBinary) return;
        let parsed: ClientSignal;
        try {
          parsed = clientSignal.parse(JSON.parse(String(data)));
        } catch {
          return;
        }
        if (parsed.type === 'visible') {
          visible = parsed.visible;
          void members.setOnline(member.profileId, visible).catch(() => {});
          return;
        }
        const now = Date.now();
        if (now - (lastTyping.get(parsed.conversation) ?? 0) < TYPING_SIGNAL_MS / 2) return;
        lastTyping.set(parsed.conversation, now);
        // Typing in a conversation that is not the member's is ignored like any bad signal.
        void chat.typing(site, member, parsed.conversation).catch(() => {});
      });
      socket.on('close', () => {
        clearInterval(heartbeat);
        stopListening();
      });

      // The session may have ended between its check at the handshake and the socket's joining the hub.
      await realtime.checkSessions([sessionId]).catch(() => {});
      if (socket.readyState !== socket.OPEN) return;
      await members.setOnline(member.profileId, true).catch(() => {});
      if (since !== undefined) {
        const missed = await chat.catchUp(member, since).catch(() => []);
        const sentIds = new Set(missed.map((message) => message.id));
        for (const message of missed) send({ type: 'message', message });
        const live = waiting ?? [];
        waiting = null;
        for (const push of live) if (push.type !== 'message' || !sentIds.has(push.message.id)) send(push);
      }
      send({ type: 'ready' });
    },
  );

  /** SPEC §7: sent by beacon when the page is hidden; the member is no longer online now. */
  app.post(
    '/api/page-hidden.php',
    // A beacon cannot send the client header; all this can do is mark the caller away.
    {
      schema: {
        description: 'Marks the member as no longer online (sent by beacon).',
        response: { 204: z.undefined().describe('Done, or nothing to do for a visitor.') },
      },
      config: { withoutClientHeader: true },
    },
    async (request, reply) => {
      if (request.viewer) await members.setOnline(request.viewer.profileId, false);
      return reply.code(204).send();
    },
  );
};
