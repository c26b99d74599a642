// Reading why a statement failed. Drizzle wraps the driver's error (pg or PGlite) in its own,
// keeping the driver's fields on `cause`; these helpers look in either place.

function driverError(error: unknown): { code?: unknown; constraint?: unknown } {
  const cause = error instanceof Error && error.cause ? error.cause : error;
  return (cause ?? {}) as { code?: unknown; constraint?: unknown };
}

/** The SQLSTATE of a failed statement ('23505', '40P01', …). */
export function databaseErrorCode(error: unknown): string | undefined {
  const { code } = driverError(error);
  return typeof code === 'string' ? code : undefined;
}

/** The unique index a statement ran into (PostgreSQL error 23505), when that is why it failed. */
export function findViolatedUniqueIndex(error: unknown): string | undefined {
  const { code, constraint } = driverError(error);
  return code === '23505' && typeof constraint === 'string' ? constraint : undefined;
}
