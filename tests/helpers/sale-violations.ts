import { sql, type SQL } from "drizzle-orm";

/**
 * Sold rows checked by {@link notPaidOnceBySale}: `rows` selects their ids as `x.id` from their
 * table aliased `x` and ends in a WHERE condition (more are ANDed on); `reference` is the prefix of
 * their ledger references (`auction:42`); the columns name the buyer, the price they paid, the
 * seller and what the seller got (all amounts in cents).
 */
type SoldRows = {
  rows: SQL;
  reference: string;
  buyer: string;
  price: string;
  seller: string;
  sellerAmount: string;
};

/**
 * Sold rows not paid by exactly one `sale` movement (docs/design.md invariant 4; for auctions
 * docs/decisions/045-auctions-and-standing-bids.md): three entries when the row took a platform
 * fee (`platform_fee_cents` > 0), two otherwise; the buyer's entry -price and the seller's entry
 * +seller amount. A query of violating ids, for the market and auction consistency checkers.
 */
export const notPaidOnceBySale = ({
  rows,
  reference,
  buyer,
  price,
  seller,
  sellerAmount,
}: SoldRows): SQL => sql`
      ${rows} AND (
        (SELECT count(*) FROM wallet_entries e
           WHERE e.reference = ${reference}::text || x.id AND e.kind = 'sale')
          <> CASE WHEN x.platform_fee_cents > 0 THEN 3 ELSE 2 END
        OR NOT EXISTS (SELECT 1 FROM wallet_entries e JOIN wallet_accounts w ON w.id = e.account_id
          WHERE e.reference = ${reference}::text || x.id AND w.user_id = x.${sql.raw(buyer)}
            AND e.amount_cents = -x.${sql.raw(price)})
        OR NOT EXISTS (SELECT 1 FROM wallet_entries e JOIN wallet_accounts w ON w.id = e.account_id
          WHERE e.reference = ${reference}::text || x.id AND w.user_id = x.${sql.raw(seller)}
            AND e.amount_cents = x.${sql.raw(sellerAmount)}))`;
