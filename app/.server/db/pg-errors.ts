/**
 * Whether `error` is PostgreSQL's foreign_key_violation (SQLSTATE 23503), from `pg` or PGlite,
 * as thrown or wrapped by Drizzle (DrizzleQueryError keeps the driver's error as `cause`).
 * Lets an insert name a row that may not exist and turn the refusal into a DomainError.
 */
export const isForeignKeyViolation = (error: unknown): boolean => hasSqlState(error, "23503");

/**
 * Whether `error` carries PostgreSQL's SQLSTATE `code`, from `pg` or PGlite, as thrown or
 * wrapped by Drizzle (DrizzleQueryError keeps the driver's error as `cause`).
 */
export function hasSqlState(error: unknown, code: string): boolean {
  let e: unknown = error;
  while (typeof e === "object" && e !== null) {
    if ((e as { code?: unknown }).code === code) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
