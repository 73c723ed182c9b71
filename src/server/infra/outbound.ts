import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import fp from 'fastify-plugin';
import { guardedLookup, isPublicAddress, privateAddress, RemoteFileError } from './remote-file';

/** A document or event the shop sends to another system (a webhook, a cXML document, an OCI form). */
export interface OutboundRequest {
  url: string;
  body: string | Buffer;
  headers: Record<string, string>;
  /** The whole exchange, connection to last byte (default 10 s). */
  timeoutMs?: number;
  /** The most of the answer kept (default 64 kB); more is cut off, not an error: only its status matters. */
  maxAnswerBytes?: number;
}

/** What the other system answered: any status, redirects included (they are never followed). */
export interface OutboundAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** Why nothing was answered: a refused URL or address, a timeout, a connection error. In words for the admin. */
export class OutboundError extends Error {}

/** POSTs one request; rejects with an OutboundError when no answer came. */
export type OutboundPoster = (request: OutboundRequest) => Promise<OutboundAnswer>;

/**
 * The shop's one way out to another system. Without `allowPrivate`: https only, and every address the name resolves
 * to must be public, checked at connection time (no request forgery into the shop's network). Redirects are answers,
 * never followed, so a 3xx cannot lead the request elsewhere. `allowPrivate` (OUTBOUND_ALLOW_PRIVATE) admits http and
 * loopback or private addresses, for development and tests.
 */
export function outboundPoster(allowPrivate: boolean): OutboundPoster {
  const allowed = allowPrivate ? () => true : isPublicAddress;
  const lookup = guardedLookup(allowed);
  return (request) => {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return Promise.reject(new OutboundError('is not a valid URL'));
    }
    if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:'))
      return Promise.reject(new OutboundError('must be an https URL'));
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && !allowed(host)) return Promise.reject(new OutboundError(privateAddress().message));
    return send(url, request, lookup);
  };
}

function send(url: URL, request: OutboundRequest, lookup: ReturnType<typeof guardedLookup>) {
  const timeoutMs = request.timeoutMs ?? 10_000;
  const maxBytes = request.maxAnswerBytes ?? 64 * 1024;
  const signal = AbortSignal.timeout(timeoutMs);
  const client = url.protocol === 'https:' ? https : http;
  const body = typeof request.body === 'string' ? Buffer.from(request.body) : request.body;
  return new Promise<OutboundAnswer>((resolve, reject) => {
    const fail = (err: unknown) => {
      const cause = (err as { cause?: unknown }).cause;
      if (err instanceof RemoteFileError || cause instanceof RemoteFileError)
        return reject(new OutboundError((cause instanceof RemoteFileError ? cause : (err as Error)).message));
      reject(
        new OutboundError(
          signal.aborted
            ? `did not answer within ${timeoutMs / 1000} s`
            : `could not be reached (${(err as Error).message})`,
        ),
      );
    };
    const req = client.request(
      url,
      {
        method: 'POST',
        lookup,
        signal,
        headers: { ...request.headers, 'content-length': String(body.length) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < maxBytes) chunks.push(chunk.subarray(0, maxBytes - size));
          size += chunk.length;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', fail);
      },
    );
    req.on('error', fail);
    req.end(body);
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** POSTs a document or event to another system (webhooks, procurement), refusing private addresses. */
    postOutbound: OutboundPoster;
  }
}

/** `app.postOutbound`: the guarded poster per OUTBOUND_ALLOW_PRIVATE, or the one a test gives. */
export const outboundPlugin = fp<{ poster?: OutboundPoster | undefined }>(
  async (app, opts) => {
    app.decorate('postOutbound', opts.poster ?? outboundPoster(app.config.outboundAllowPrivate));
  },
  { name: 'outbound', dependencies: ['config'] },
);
