/**
 * An answer many requests share byte for byte (settings.php's, per site and country): serialised
 * once, and compressed once per encoding a client asks for, at the best level, instead of per
 * request by the compress plugin (whose Brotli cost settings.php about half its CPU). The plugin
 * leaves an answer that already names its encoding alone.
 */
import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Encoding = 'br' | 'gzip';

/** The compress plugin's threshold (app.ts): smaller answers travel as they are. */
const COMPRESSED_FROM_BYTES = 1024;

const negotiator = new Negotiator<Encoding>({ supportedValues: ['br', 'gzip'] });

const compressors: Record<Encoding, (json: string) => Buffer> = {
  br: (json) =>
    zlib.brotliCompressSync(json, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
  gzip: (json) => zlib.gzipSync(json, { level: zlib.constants.Z_BEST_COMPRESSION }),
};

export class SharedAnswer {
  readonly #encoded = new Map<Encoding, Buffer>();
  readonly #compressed: boolean;

  constructor(readonly json: string) {
    this.#compressed = Buffer.byteLength(json) >= COMPRESSED_FROM_BYTES;
  }

  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    reply.type('application/json; charset=utf-8');
    if (!this.#compressed) return reply.send(this.json);
    reply.header('vary', 'accept-encoding');
    const encoding = negotiator.negotiate(request.headers['accept-encoding'] ?? '');
    if (encoding === null || request.headers['x-no-compression'] !== undefined) return reply.send(this.json);
    return reply.header('content-encoding', encoding).send(this.#encodedAs(encoding));
  }

  #encodedAs(encoding: Encoding): Buffer {
    let body = this.#encoded.get(encoding);
    if (body === undefined) {
      body = compressors[encoding](this.json);
      this.#encoded.set(encoding, body);
    }
    return body;
  }
}
