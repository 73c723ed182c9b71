import type { ErrorCode } from '@shared/common/common.schema';
import { fieldMessage } from '@shared/common/field-label';

export const statusOf: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
  unavailable: 503,
  internal: 500,
};

/**
 * The one error services throw; the error handler turns it into `{ error, message, field? }` with its status.
 * `field` names the request-body field at fault, so a form can show the message next to that input; `details` are
 * more properties of the body, for an error whose route documents a richer shape (e.g. a checkout's refused lines).
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return statusOf[this.code];
  }
}

/**
 * An error about one request field. The message keeps its `field: text` form (clients already show it as is), with
 * a path into a list read as a person counts (`lines.2.sku` → "Line 3, SKU"); the field travels as data too.
 */
export const fieldError = (code: ErrorCode, field: string, text: string) =>
  new AppError(code, fieldMessage(field, text), field);

export const notFound = (what: string) => new AppError('not_found', `${what} not found`);
