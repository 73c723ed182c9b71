import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '@shared/common/common.schema';
import { fieldMessage } from '@shared/common/field-label';
import {
  isDatabaseUnavailable,
  isDatabaseUnreachable,
  RETRY_AFTER_SECONDS,
  UNAVAILABLE_MESSAGE,
} from '../infra/db-unavailable';
import { AppError, statusOf } from '../infra/errors';

const codeByStatus = Object.fromEntries(
  Object.entries(statusOf).map(([code, status]) => [status, code]),
) as Record<number, ErrorCode>;

/**
 * Every failure leaves as `{ error, message, field? }`. Validation errors list each problem as `field: text` in the
 * message (a list item's path in words a person reads: "Line 3, quantity") and name the first invalid field in `field`; a database outage is a 503 with Retry-After; a 5xx never
 * shows its cause to the client.
 */
export const errorHandlerPlugin = fp(
  async (app) => {
    app.setErrorHandler((err: FastifyError, req, reply) => {
      if (hasZodFastifySchemaValidationErrors(err)) {
        const where = err.validationContext ?? 'request';
        const paths = err.validation.map((v) => v.instancePath.replace(/^\//, '').replaceAll('/', '.'));
        const message = err.validation
          .map((v, i) => fieldMessage(paths[i] || where, v.message ?? ''))
          .join('; ');
        const body: ErrorBody = { error: 'bad_request', message };
        // A problem with the whole body (not one field of it) names no field.
        const field = paths.find(Boolean);
        if (field) body.field = field;
        return reply.status(400).send(body);
      }
      if (err instanceof AppError) {
        if (err.status === 503) reply.header('retry-after', RETRY_AFTER_SECONDS);
        // A limit that knows when it frees up says so, in seconds (the body carries it too, as `retryAfter`).
        if (err.status === 429 && typeof err.details?.retryAfter === 'number')
          reply.header('retry-after', String(err.details.retryAfter));
        const body: ErrorBody = { ...err.details, error: err.code, message: err.message };
        if (err.field) body.field = err.field;
        return reply.status(err.status).send(body);
      }
      if (isDatabaseUnavailable(err)) {
        // Later requests fail at once instead of each waiting out the timeouts, until a probe gets through.
        if (isDatabaseUnreachable(err)) app.database.breaker?.trip();
        req.log.warn({ err }, 'database unavailable');
        return reply
          .status(503)
          .header('retry-after', RETRY_AFTER_SECONDS)
          .send({ error: 'unavailable', message: UNAVAILABLE_MESSAGE });
      }
      const status = err.statusCode ?? 500;
      if (status < 500 && !isResponseSerializationError(err)) {
        return reply
          .status(status)
          .send({ error: codeByStatus[status] ?? 'bad_request', message: err.message });
      }
      req.log.error({ err }, 'request failed');
      return reply
        .status(500)
        .send({ error: 'internal', message: 'Something went wrong on our side. Please try again.' });
    });
  },
  { name: 'error-handler' },
);
