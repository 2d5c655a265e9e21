import { count, ilike, or, sql, type Column, type SQL } from "drizzle-orm";
import type { PgColumn, PgSelect } from "drizzle-orm/pg-core";
import type { Database } from "../db/client";
import { likePattern } from "../db/like-pattern";

/** Rows per page of every admin table (docs/product/administration.md: server-paginated tables). */
export const ADMIN_PAGE_SIZE = 50;

/** One page of an admin table: its rows, the total of matches and the page (clamped). */
export type Paged<Row> = {
  rows: Row[];
  /** How many rows match the search, on every page. */
  total: number;
  /** 1-based, clamped to [1, pageCount]. */
  page: number;
  /** At least 1. */
  pageCount: number;
};

/** What an admin list reads from the URL: `?page=` (1-based) and `?q=` (search text). */
export type PageQuery = { page: number; q: string };

/**
 * `?page=` and `?q=` of an admin tab's URL: a missing, non-numeric or out-of-range page reads
 * as 1; the search is trimmed and cut to 100 characters.
 */
export function readPageQuery(search: URLSearchParams): PageQuery {
  const raw = Number(search.get("page"));
  const page = Number.isSafeInteger(raw) && raw >= 1 && raw <= 1_000_000 ? raw : 1;
  const q = (search.get("q") ?? "").trim().slice(0, 100);
  return { page, q };
}

/** The page count for `total` rows (at least 1) and `page` clamped to it, with its offset. */
export function pageWindow(total: number, page: number, size = ADMIN_PAGE_SIZE) {
  const pageCount = Math.max(1, Math.ceil(total / size));
  const current = Math.min(Math.max(1, page), pageCount);
  return { page: current, pageCount, offset: (current - 1) * size, limit: size };
}

/** The rows an admin list reads for one page (from {@link pageWindow}). */
export type PageSlice = { limit: number; offset: number };

/**
 * The filter of an admin search: any of `columns` contains `q` (case-insensitive, `%` and `_`
 * taken literally), or also `extra` (an exact match, a reference); none for an empty search.
 */
export function searchAny(q: string, columns: Column[], extra?: SQL): SQL | undefined {
  return q ? or(extra, ...columns.map((column) => ilike(column, likePattern(q)))) : undefined;
}

/**
 * `paged` with each row shaped by `shape` (an admin list's row as its tab shows it); the total
 * and page stay as they are.
 */
export function mapPage<Row, Shown>(paged: Paged<Row>, shape: (row: Row) => Shown): Paged<Shown> {
  return { ...paged, rows: paged.rows.map(shape) };
}

/**
 * One page of an admin list. `matches` selects the list's rows (its FROM, joins and WHERE, not
 * yet ordered, made `$dynamic()`); they are counted once (as a subquery), `page` is clamped to
 * the count, then that page is read in `order` (ties broken by the caller's last column).
 */
export async function readPage<Query extends PgSelect>(
  db: Pick<Database, "select">,
  page: number,
  matches: Query,
  ...order: (PgColumn | SQL)[]
): Promise<Paged<Awaited<Query>[number]>> {
  const [counted] = await db.select({ n: count() }).from(sql`(${matches}) as matches`);
  const total = counted?.n ?? 0;
  const window = pageWindow(total, page);
  return {
    rows: await matches
      .orderBy(...order)
      .limit(window.limit)
      .offset(window.offset),
    total,
    page: window.page,
    pageCount: window.pageCount,
  };
}
