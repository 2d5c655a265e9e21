/**
 * Whether `error` is PostgreSQL's foreign_key_violation (SQLSTATE 23503), from `pg` or PGlite,
 * as thrown or wrapped by Drizzle (DrizzleQueryError keeps the driver's error as `cause`).
 * Lets an insert name a row that may not exist and turn the refusal into a DomainError.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  let e: unknown = error;
  while (typeof e === "object" && e !== null) {
    if ((e as { code?: unknown }).code === "23503") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
