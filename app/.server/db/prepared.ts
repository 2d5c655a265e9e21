import { sql, type Placeholder, type Query, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";

import type { Database } from "./client";

/** The named parameters of a {@link preparedSql} statement, as Drizzle placeholders. */
export type Placeholders<K extends string> = { readonly [P in K]: Placeholder<P> };

/**
 * A value; in a statement built by {@link preparedSql}, the placeholder that stands for it; or
 * an expression of the statement it is part of (a column of each row, such as `opener.user_id`).
 */
export type SqlValue<T> = T | Placeholder | SQL;

/** A raw statement whose text is built once (see {@link preparedSql}). */
export type PreparedSql<K extends string> = {
  /** The statement's text and its parameters (placeholders), built on first use. */
  query(): Query;
  readonly names: readonly K[];
};

// The app's raw statements name tables and columns in SQL text; the casing is the clients' own.
const dialect = new PgDialect({ casing: "snake_case" });

/**
 * A raw statement of fixed shape whose text is built from `build` ONCE, with a placeholder for
 * each of `names`, instead of on every call: on the hot paths (a pack opening's read and claim),
 * building the SQL tree and turning it into text took a third of an opening's Node CPU
 * (docs/decisions/058-opening-statements-built-once.md). The text is the same on every call, so
 * on PostgreSQL the connection's named prepared statement is reused as before
 * (docs/decisions/035-prepared-statements-and-the-drop.md). `build` must give one shape
 * whatever the values: every value the statement varies by is one of `names`.
 */
export function preparedSql<K extends string>(
  names: readonly K[],
  build: (p: Placeholders<K>) => SQL,
): PreparedSql<K> {
  let built: Query | undefined;
  return {
    names,
    query() {
      if (!built) {
        const placeholders = Object.fromEntries(names.map((name) => [name, sql.placeholder(name)]));
        built = dialect.sqlToQuery(build(placeholders as Placeholders<K>));
      }
      return built;
    },
  };
}

/**
 * Runs `statement` with `values` (one per placeholder name) in `tx`, on either driver, and
 * returns its rows as {@link queryRows} does: column names as the SQL spells them, bigint and
 * numeric values as strings.
 */
export async function queryPrepared<T, K extends string>(
  tx: Pick<Database, "_">,
  statement: PreparedSql<K>,
  values: Record<K, unknown>,
): Promise<T[]> {
  const prepared = tx._.session.prepareQuery(statement.query(), undefined, undefined, false);
  return ((await prepared.execute(values)) as unknown as { rows: T[] }).rows;
}
