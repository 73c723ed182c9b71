/**
 * Which failures mean "the database is unavailable right now" (worth a 503 and a retry) rather than a bug (500).
 * One place, so the error handler, readiness and any future caller agree.
 */

/** Seconds a client should wait before retrying a request the database could not serve. */
export const RETRY_AFTER_SECONDS = 5;
export const UNAVAILABLE_MESSAGE = 'The shop is temporarily unavailable. Please try again in a moment.';

/** Socket-level failures while connecting to or talking with the database. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs of an unavailable or overloaded server: the server shutting down or starting (57P01-57P03),
 * too many connections (53300), a statement, lock or idle-transaction timeout (57014, 55P03, 25P03), and a
 * transaction the server chose to abort so others could go on (deadlock 40P01, serialization 40001): each is worth
 * the client's retry, not a 500. Class 08 (connection exceptions) is matched as a whole.
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014', '55P03', '25P03', '40P01', '40001']);

/** node-postgres reports its own timeouts and lost connections as plain errors, known only by their message. */
const DRIVER_MESSAGES = [
  /^timeout exceeded when trying to connect$/, // pool exhausted for connectionTimeoutMillis
  /^Connection terminated/, // "... unexpectedly", "... due to connection timeout"
  /^timeout expired$/,
  /^Query read timeout$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
  /^Client was closed and is not queryable$/,
];

function isUnavailableCause(e: unknown): boolean {
  if (typeof e !== 'object' || e === null) return false;
  const { code, message } = e as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  if (e instanceof DatabaseTimeoutError) return true;
  return typeof message === 'string' && DRIVER_MESSAGES.some((re) => re.test(message));
}

/** Whether `err` or anything in its cause chain (Drizzle and Better Auth wrap driver errors) passes `test`. */
function anyCause(err: unknown, test: (e: unknown) => boolean): boolean {
  const seen = new Set<unknown>();
  let e: unknown = err;
  while (e && typeof e === 'object' && !seen.has(e)) {
    if (test(e)) return true;
    seen.add(e);
    if (e instanceof AggregateError && e.errors.some((inner) => anyCause(inner, test))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** True when `err`, or anything in its cause chain, is unavailability. */
export const isDatabaseUnavailable = (err: unknown) => anyCause(err, isUnavailableCause);

/** The server cannot be reached or does not answer at all, as opposed to one slow statement or a busy pool. */
function isUnreachableCause(e: unknown): boolean {
  if (typeof e !== 'object' || e === null) return false;
  const { code, message } = e as { code?: unknown; message?: unknown };
  if (
    typeof code === 'string' &&
    (NETWORK_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code))
  )
    return true;
  return typeof message === 'string' && /^(Connection terminated|Query read timeout$)/.test(message);
}

/**
 * True when the database is unreachable or hung: what opens the circuit breaker. A statement or lock timeout, or a
 * pool with no free connection, means a server that answers: those stay plain 503s for the one request.
 */
export const isDatabaseUnreachable = (err: unknown) => anyCause(err, isUnreachableCause);

export class DatabaseTimeoutError extends Error {
  constructor(ms: number) {
    super(`The database did not answer within ${ms} ms`);
    this.name = 'DatabaseTimeoutError';
  }
}

/** Settles with `work`, or rejects with a DatabaseTimeoutError after `ms` (the work itself is not cancelled). */
export function withDatabaseTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DatabaseTimeoutError(ms)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
