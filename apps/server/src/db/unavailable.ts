/**
 * Whether an error means the database cannot be reached or cannot serve right now — down,
 * restarting, out of connections, or busy — rather than a fault in the request or the code. Such a
 * request did not happen and may simply be sent again: the server answers 503 instead of 500.
 */

/** Socket failures on the way to the database. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs: connection exceptions (class 08), the server shutting down, crashed or
 * starting (57P01-57P03), too many connections (53300), and transient conflicts a retry resolves
 * (serialization failure, deadlock, a lock still held at lock_timeout) or a statement cancelled by a
 * timeout.
 */
const POSTGRES_STATES = new Set(['57P01', '57P02', '57P03', '53300', '40001', '40P01', '55P03', '57014']);

/** node-postgres's own messages for a connection that broke or could not be made. */
const POSTGRES_CLIENT_MESSAGES = [
  /^Connection terminated/,
  /connection error and is not queryable/,
  /^timeout exceeded when trying to connect/,
  /^Client was closed and is not queryable/,
  /^Connection ended unexpectedly/,
];

/** SQLite result codes: the file locked by another writer for too long, I/O failure, disk full. */
const SQLITE_CODES = /^SQLITE_(BUSY|LOCKED|IOERR|FULL|CANTOPEN|PROTOCOL)/;

function matches(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || POSTGRES_STATES.has(code) || code.startsWith('08') || SQLITE_CODES.test(code)) {
      return true;
    }
  }
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && POSTGRES_CLIENT_MESSAGES.some((pattern) => pattern.test(message));
}

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 5 || !error || typeof error !== 'object') return false;
  if (matches(error)) return true;
  // A connection to a name with several addresses fails with every attempt in `errors`.
  const errors = (error as { errors?: unknown }).errors;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable((error as { cause?: unknown }).cause, depth + 1);
}
