/**
 * The request log: one line per request, written when it is answered (method, address, status,
 * time), each line of a request carrying its id (`reqId`), which a 5xx answer also names
 * (http/error-handler.ts). Production writes JSON lines; development the same lines made readable
 * by pino-pretty; tests and the bench log nothing unless they ask.
 */
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import type { Config } from '../config.js';

/** Fastify's "incoming request" and "request completed" as one line, written once the answer is out. */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const fields = { req: request, res: reply, responseTime: reply.elapsedTime };
    const line = `${request.method} ${request.url} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)} ms`;
    if (error) reply.log.error({ ...fields, err: error }, line);
    else reply.log.info(fields, line);
  }
}

/** Where pino-pretty is, when it is installed (a development dependency: production goes without). */
function prettyPrinter(): string | null {
  try {
    return createRequire(import.meta.url).resolve('pino-pretty');
  } catch {
    return null;
  }
}

/**
 * The development log as lines a person reads: the time, the level and the text (a request's
 * method, address, status and time); an error's stack below it.
 */
function readableLog(target: string): FastifyServerOptions['logger'] {
  return {
    level: 'info',
    transport: {
      target,
      options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId,req,res,responseTime', singleLine: true },
    },
  };
}

/** The logger `npm start` runs with: JSON in production, readable lines in development, none in tests. */
export function loggerFor(nodeEnv: Config['nodeEnv']): FastifyServerOptions['logger'] {
  if (nodeEnv === 'test') return false;
  const pretty = nodeEnv === 'development' ? prettyPrinter() : null;
  return pretty ? readableLog(pretty) : { level: 'info' };
}

/** Fastify's options for its log: the logger, one line per request, and ids that differ between processes. */
export function requestLogOptions(logger: FastifyServerOptions['logger']): FastifyServerOptions {
  return { logger, logController: new OneLinePerRequest(), genReqId: () => randomUUID() };
}
