// Whether a failure means the database cannot be reached right now (a restart, a network cut,
// a closed pool), as opposed to a bug: such requests answer 503 with Retry-After, and the
// pool reconnects by itself once the database is back (docs/security.md section 7).

/** SQLSTATE classes and codes of a database that is not there (08: connection exception). */
const unavailableStates = new Set(['57P01', '57P02', '57P03', '53300']);
const unavailableSystemCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
const unavailableMessages = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /not queryable/i,
  /cannot use a pool after calling end/i,
  /pglite is closed/i,
  /connection (?:was )?closed/i,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 6; depth += 1) {
    if (typeof current !== 'object') break;
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (typeof code === 'string') {
      if (code.startsWith('08') || unavailableStates.has(code)) return true;
      if (unavailableSystemCodes.has(code)) return true;
    }
    if (
      typeof message === 'string' &&
      unavailableMessages.some((pattern) => pattern.test(message))
    ) {
      return true;
    }
    const { errors } = current as { errors?: unknown };
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = cause;
  }
  return false;
}
