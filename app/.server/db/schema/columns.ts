import { sql } from "drizzle-orm";
import { check, integer, timestamp, type AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * The column shapes every table spells alike (docs/style.md, "Schema"): one place for the
 * surrogate key, the row's creation time and a value's allowed words (a collector's reference is `profileRef` in
 * auth.ts, beside the table it points at), so a
 * table's definition reads as what is particular to it.
 */

/** `integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY`: a table's surrogate key. */
export const identityKey = () => integer().primaryKey().generatedAlwaysAsIdentity();

/** `timestamptz NOT NULL DEFAULT now()`: when the row was written (or last changed). */
export const stampedNow = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * `CHECK (<column> IN ('a', 'b', ...))` named `name`, listing `values` (the constant the
 * column's TypeScript enum is typed by), so the database and the code allow the same words.
 */
export function allowedValues(name: string, column: AnyPgColumn, values: readonly string[]) {
  const list = values.map((value) => `'${value.replaceAll("'", "''")}'`).join(", ");
  return check(name, sql`${column} IN (${sql.raw(list)})`);
}
