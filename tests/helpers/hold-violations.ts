import { sql, type SQL } from "drizzle-orm";

/**
 * Rows that hold money in the `holds` account while live: the table (aliased `x`), the prefix of
 * their ledger references (`offer:42`), the column of whose money is held and the live status.
 */
type HeldRows = { table: string; reference: string; holder: string; live: string };
const OFFER_HOLDS: HeldRows = {
  table: "offers",
  reference: "offer:",
  holder: "from_user_id",
  live: "pending",
};
const AUCTION_BID_HOLDS: HeldRows = {
  table: "auction_bids",
  reference: "auction_bid:",
  holder: "bidder_id",
  live: "leading",
};

/**
 * A condition on a row aliased `x` (its ledger references `reference` || id): true unless exactly
 * one `kind` movement (two entries) carries it, taking the `amount` column (cents) from the wallet
 * of the user in its `user` column. Constant names only (spliced into the SQL as they are).
 */
const notDebitedOnce = (reference: string, kind: string, user: string, amount: string) => sql`
      (SELECT count(*) FROM wallet_entries e
         WHERE e.reference = ${reference}::text || x.id AND e.kind = ${sql.raw(`'${kind}'`)}) <> 2
      OR NOT EXISTS (SELECT 1 FROM wallet_entries e JOIN wallet_accounts a ON a.id = e.account_id
        WHERE e.reference = ${reference}::text || x.id AND e.kind = ${sql.raw(`'${kind}'`)}
          AND a.user_id = x.${sql.raw(user)} AND e.amount_cents = -x.${sql.raw(amount)})`;

/** Held rows (held_cents set) not held exactly once (one `offer_hold` movement) from their holder. */
const heldOnce = ({ table, reference, holder }: HeldRows) => sql`
    SELECT x.id FROM ${sql.raw(table)} x WHERE x.held_cents IS NOT NULL AND (
      ${notDebitedOnce(reference, "offer_hold", holder, "held_cents")})`;

/** Held rows not released back to their holder exactly once when no longer live (never while live). */
const releasedOnceEnded = ({ table, reference, holder, live }: HeldRows) => sql`
    SELECT x.id FROM ${sql.raw(table)} x WHERE x.held_cents IS NOT NULL AND (
      (SELECT count(*) FROM wallet_entries e
         WHERE e.reference = ${reference}::text || x.id AND e.kind = 'offer_release')
        <> CASE WHEN x.status = ${live} THEN 0 ELSE 2 END
      OR (x.status <> ${live} AND NOT EXISTS (
        SELECT 1 FROM wallet_entries e JOIN wallet_accounts a ON a.id = e.account_id
        WHERE e.reference = ${reference}::text || x.id AND e.kind = 'offer_release'
          AND a.user_id = x.${sql.raw(holder)} AND e.amount_cents = x.held_cents)))`;

/**
 * Holds and payouts (docs/decisions/009-held-offers-and-payouts.md), part of the ledger checker:
 * - the `holds` account holds exactly the held amounts of pending offers, leading auction bids
 *   and open standing bids (each checked below); every offer with a
 *   hold was held once (`offer_hold`, its buyer -held) and, once it is no longer pending,
 *   released once (`offer_release`, its buyer +held), never while pending; no hold or release
 *   entry without such an offer;
 * - the `payouts` account holds exactly the pending and processing withdrawals; each withdrawal
 *   left its user's wallet once (`withdrawal`), and a paid one left the ledger once (`payout`,
 *   -amount), a failed or rejected one came back once (`withdrawal_refund`), others neither;
 * - store orders: each paid order (any status but the legacy `completed`, total above zero) was
 *   paid once by its buyer (`order_payment`), and refunded once (`order_refund`) exactly when
 *   cancelled.
 */
export const HOLD_AND_PAYOUT_VIOLATIONS: Record<string, SQL> = {
  "a holds balance other than the pending offers', leading auction bids' and open standing bids' holds": sql`
    SELECT 1 WHERE (SELECT coalesce(sum(e.amount_cents), 0) FROM wallet_entries e
        JOIN wallet_accounts a ON a.id = e.account_id WHERE a.kind = 'holds')
      <> (SELECT coalesce(sum(held_cents), 0) FROM offers WHERE status = 'pending')
        + (SELECT coalesce(sum(held_cents), 0) FROM auction_bids WHERE status = 'leading')
        + (SELECT coalesce(sum(amount_cents), 0) FROM standing_bids WHERE status = 'open')`,
  "held offers not held exactly once by their buyer": heldOnce(OFFER_HOLDS),
  "held offers not released exactly once when they ended (or released while pending)":
    releasedOnceEnded(OFFER_HOLDS),
  "hold entries without a held offer, auction bid or standing bid": sql`
    SELECT e.id FROM wallet_entries e WHERE e.kind IN ('offer_hold', 'offer_release')
      AND NOT EXISTS (SELECT 1 FROM offers o
        WHERE e.reference = 'offer:' || o.id AND o.held_cents IS NOT NULL)
      AND NOT EXISTS (SELECT 1 FROM auction_bids b
        WHERE e.reference = 'auction_bid:' || b.id AND b.held_cents IS NOT NULL)
      AND NOT EXISTS (SELECT 1 FROM standing_bids b WHERE e.reference = 'standing_bid:' || b.id)`,
  // docs/decisions/045-auctions-and-standing-bids.md: a held auction bid (it led) was held once
  // by its bidder and released once when it stopped leading (never while leading); a standing
  // bid was held once and released once when it ended (filled, cancelled, expired).
  "held auction bids not held exactly once by their bidder": heldOnce(AUCTION_BID_HOLDS),
  "held auction bids not released exactly once when they stopped leading":
    releasedOnceEnded(AUCTION_BID_HOLDS),
  "auction bids that never led but hold or were held": sql`
    SELECT b.id FROM auction_bids b WHERE b.held_cents IS NULL AND EXISTS (
      SELECT 1 FROM wallet_entries e WHERE e.reference = 'auction_bid:' || b.id)`,
  "standing bids not held once and released once when they ended": sql`
    SELECT x.id FROM standing_bids x WHERE
      ${notDebitedOnce("standing_bid:", "offer_hold", "bidder_id", "amount_cents")}
      OR (SELECT count(*) FROM wallet_entries e
          WHERE e.reference = 'standing_bid:' || x.id AND e.kind = 'offer_release')
        <> CASE WHEN x.status = 'open' THEN 0 ELSE 2 END`,
  "a payouts balance other than the withdrawals waiting": sql`
    SELECT 1 WHERE (SELECT coalesce(sum(e.amount_cents), 0) FROM wallet_entries e
        JOIN wallet_accounts a ON a.id = e.account_id WHERE a.kind = 'payouts')
      <> (SELECT coalesce(sum(amount_cents), 0) FROM wallet_payouts
          WHERE status IN ('pending', 'processing'))`,
  "withdrawals not debited exactly once from their user": sql`
    SELECT x.id FROM wallet_payouts x WHERE
      ${notDebitedOnce("payout:", "withdrawal", "user_id", "amount_cents")}`,
  "withdrawals not paid out or refunded exactly once as their status says": sql`
    SELECT p.id FROM wallet_payouts p WHERE
      (SELECT count(*) FROM wallet_entries e WHERE e.reference = 'payout:' || p.id
         AND e.kind = 'payout' AND e.amount_cents = -p.amount_cents)
        <> CASE WHEN p.status = 'paid' THEN 1 ELSE 0 END
      OR (SELECT count(*) FROM wallet_entries e JOIN wallet_accounts a ON a.id = e.account_id
          WHERE e.reference = 'payout:' || p.id AND e.kind = 'withdrawal_refund'
            AND a.user_id = p.user_id AND e.amount_cents = p.amount_cents)
        <> CASE WHEN p.status IN ('failed', 'rejected') THEN 1 ELSE 0 END
      OR (SELECT count(*) FROM wallet_entries e
          WHERE e.reference = 'payout:' || p.id AND e.kind IN ('payout', 'withdrawal_refund'))
        <> CASE WHEN p.status = 'paid' THEN 1 WHEN p.status IN ('failed', 'rejected') THEN 2
                ELSE 0 END`,
  "store orders not paid once, or refunded other than once when cancelled": sql`
    SELECT x.id FROM orders x WHERE x.status <> 'completed' AND x.total_cents > 0 AND (
      ${notDebitedOnce("order:", "order_payment", "user_id", "total_cents")}
      OR (SELECT count(*) FROM wallet_entries e
          WHERE e.reference = 'order:' || x.id AND e.kind = 'order_refund')
        <> CASE WHEN x.status = 'cancelled' THEN 2 ELSE 0 END)`,
};
