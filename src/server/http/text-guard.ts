import { isUtf8 } from 'node:buffer';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fieldError } from '../infra/errors';

/**
 * PostgreSQL text and jsonb cannot hold NUL; an unpaired UTF-16 surrogate cannot be encoded as UTF-8 and would be
 * stored as a replacement character. Either in any string a client sends would fail deep in a query (a 500) or
 * be silently altered, so both are refused up front.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this pattern looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSTORABLE_MESSAGE = 'must not contain NUL (\\u0000) or unpaired surrogate characters';

const MAX_DEPTH = 64;

/** The path (`address`, `items.0.name`) of the first string, or object key, that cannot be stored. */
export function findUnstorable(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path || 'value' : undefined;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return undefined;
  if (Buffer.isBuffer(value)) return undefined;
  for (const [key, child] of Object.entries(value)) {
    const childPath = path ? `${path}.${key}` : key;
    if (UNSTORABLE.test(key)) return childPath.replace(new RegExp(UNSTORABLE.source, 'g'), '?');
    const found = findUnstorable(child, childPath, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** Better Auth's routes receive the raw body: read it the way Better Auth will (JSON or a form). */
export function rawBodyFields(req: FastifyRequest): unknown {
  if (!Buffer.isBuffer(req.body) || req.body.length === 0) return undefined;
  const type = String(req.headers['content-type'] ?? '').toLowerCase();
  const text = req.body.toString('utf8');
  if (type.includes('application/x-www-form-urlencoded'))
    return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined; // Not JSON: Better Auth answers it itself.
  }
}

export const INVALID_UTF8_MESSAGE = 'must be valid UTF-8 text';

/**
 * Bytes that are not UTF-8 would be decoded into replacement characters and stored altered ("Al\xff\xfeice" became
 * "Al��ice"), so they are refused before decoding: in a JSON body, a raw body, or percent-escapes of the URL (a
 * multi-byte character is always one run of escapes, so each run is checked on its own; a stray `%` is no escape).
 */
const ESCAPE_RUN = /(?:%[0-9a-fA-F]{2})+/g;
const escapesAreUtf8 = (text: string) =>
  (text.match(ESCAPE_RUN) ?? []).every((run) => isUtf8(Buffer.from(run.replaceAll('%', ''), 'hex')));

/** Where in the URL escapes decode to no UTF-8: the query parameter's name, `path`, or undefined. */
export function badlyEncodedUrlPart(url: string): string | undefined {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  if (!escapesAreUtf8(path)) return 'path';
  if (q < 0) return undefined;
  for (const pair of url.slice(q + 1).split('&')) {
    if (escapesAreUtf8(pair)) continue;
    const key = pair.split('=')[0] ?? '';
    return escapesAreUtf8(key) ? decodeURIComponent(key.replaceAll('+', ' ')) || 'query' : 'query';
  }
  return undefined;
}

/**
 * One rule for every route, Better Auth's included: path parameters, query and body are checked before any
 * schema or handler sees them, and the first offending field is named in a 400.
 */
export function registerTextGuard(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
    if (!isUtf8(body as Buffer))
      return done(fieldError('bad_request', 'body', INVALID_UTF8_MESSAGE), undefined);
    parseJson(req, (body as Buffer).toString('utf8'), done);
  });

  app.addHook('preValidation', async (req) => {
    const badUrl = badlyEncodedUrlPart(req.url);
    if (badUrl) throw fieldError('bad_request', badUrl, INVALID_UTF8_MESSAGE);
    if (Buffer.isBuffer(req.body) && rawBodyFields(req) !== undefined && !isUtf8(req.body))
      throw fieldError('bad_request', 'body', INVALID_UTF8_MESSAGE);
    const field =
      findUnstorable(req.params) ??
      findUnstorable(req.query) ??
      findUnstorable(Buffer.isBuffer(req.body) ? rawBodyFields(req) : req.body);
    if (field) throw fieldError('bad_request', field, UNSTORABLE_MESSAGE);
  });
}

/** Refuses unstorable text in every route registered after it (not encapsulated). */
export const textGuardPlugin = fp(async (app) => registerTextGuard(app), { name: 'text-guard' });
