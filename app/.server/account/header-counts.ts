import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { cartUnitsSql } from "../cart/cart";
import type { Ctx } from "../context";
import { queryRows } from "../db/rows";
import { unreadCountSql } from "../notifications/inbox";
import { userBalanceSql } from "../wallet/ledger";
import type { Cents } from "~/lib/money";

/** The three numbers the header shows a signed-in user on every page. */
export type HeaderCounts = {
  /** Units in the cart (the cart badge). */
  cartUnits: number;
  /** The wallet's available balance in cents (not held for offers); null for a visitor. */
  walletBalanceCents: Cents | null;
  /** Unread notifications (the bell's count). */
  unreadNotifications: number;
};

/** The header's three numbers as a statement returns them (pg gives a bigint as text). */
type HeaderCountsRow = { cart: number; balance: string | number; unread: number };

/**
 * The header's three numbers as select fields (`cart`, `balance`, `unread`) of `userId`, a value
 * or a column of the statement they join (the session lookup's, `readSessionUser`): three
 * subqueries, each its context's own (cart, wallet ledger, inbox).
 */
export function headerCountsFields(
  userId: string | SQLWrapper,
): Record<keyof HeaderCountsRow, SQL<number>> {
  return {
    cart: cartUnitsSql(userId).mapWith(Number),
    balance: userBalanceSql(userId).mapWith(Number),
    unread: unreadCountSql(userId).mapWith(Number),
  };
}

/** {@link HeaderCounts} of a row with {@link headerCountsFields}. */
export function headerCountsOf(row: HeaderCountsRow | undefined): HeaderCounts {
  return {
    cartUnits: Number(row?.cart ?? 0),
    walletBalanceCents: Number(row?.balance ?? 0),
    unreadNotifications: Number(row?.unread ?? 0),
  };
}

/**
 * The header's cart units, wallet balance and unread count of the signed-in user, read in one
 * statement (three subqueries, each its context's own: cart, wallet ledger, inbox), so every
 * signed-in page pays one round trip for its header (docs/decisions/048-collector-pages-
 * in-fewer-statements.md). A visitor gets zeros and no balance without a statement. The root
 * loader calls it only when the session lookup did not read them already (PGlite, or a request
 * other than GET; docs/decisions/059-header-with-the-session.md).
 */
export async function headerCounts(ctx: Ctx): Promise<HeaderCounts> {
  if (!ctx.actor) return { cartUnits: 0, walletBalanceCents: null, unreadNotifications: 0 };
  const fields = headerCountsFields(ctx.actor.userId);
  const [row] = await queryRows<HeaderCountsRow>(
    ctx.db,
    sql`SELECT ${fields.cart} AS cart, ${fields.balance} AS balance, ${fields.unread} AS unread`,
  );
  return headerCountsOf(row);
}
