import { sql } from "drizzle-orm";
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

/**
 * The header's cart units, wallet balance and unread count of the signed-in user, read in one
 * statement (three subqueries, each its context's own: cart, wallet ledger, inbox), so every
 * signed-in page pays one round trip for its header (docs/decisions/048-collector-pages-
 * in-fewer-statements.md). A visitor gets zeros and no balance without a statement.
 */
export async function headerCounts(ctx: Ctx): Promise<HeaderCounts> {
  if (!ctx.actor) return { cartUnits: 0, walletBalanceCents: null, unreadNotifications: 0 };
  const userId = ctx.actor.userId;
  const [row] = await queryRows<{ cart: number; balance: string | number; unread: number }>(
    ctx.db,
    sql`SELECT ${cartUnitsSql(userId)} AS cart, ${userBalanceSql(userId)} AS balance,
      ${unreadCountSql(userId)} AS unread`,
  );
  return {
    cartUnits: Number(row?.cart ?? 0),
    walletBalanceCents: Number(row?.balance ?? 0),
    unreadNotifications: Number(row?.unread ?? 0),
  };
}
