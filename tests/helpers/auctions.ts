import { randomUUID } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import {
  auctionBids,
  auctions,
  cards,
  notifications,
  slabs,
  standingBids,
  userCards,
  walletAccounts,
  walletEntries,
} from "~/.server/db/schema";
import { createAuction } from "~/.server/auctions/create-auction";
import { placeBid, type BidResult } from "~/.server/auctions/place-bid";
import type { Ctx } from "~/.server/context";
import { placeBidSchema, startAuctionSchema } from "~/lib/schemas/auctions";
import type { Grader } from "~/lib/slabs";
import type { Collector } from "./commerce";
import type { TestDatabase } from "./db";
import { parsed } from "./forms";
import { expectLedgerBalanced, rowsOf } from "./packs";
import { notPaidOnceBySale } from "./sale-violations";

let certSerial = Math.floor(Math.random() * 1_000_000);

/** A catalogue card (a fresh identity each call). @returns its id. */
export async function catalogueCard(db: TestDatabase, name = "Test Charizard"): Promise<number> {
  const [card] = await db.db
    .insert(cards)
    .values({
      category: "Pokemon",
      setName: `Test Set ${randomUUID().slice(0, 8)}`,
      number: "4",
      name,
      year: 1999,
    })
    .returning({ id: cards.id });
  return card!.id;
}

/**
 * A slab of catalogue card `catalogueId` owned by `owner` (state owned) and the vaulted card
 * that holds it. @returns the vault card's id.
 */
export async function ownedSlab(
  db: TestDatabase,
  owner: Collector,
  {
    catalogueId,
    grader = "PSA",
    grade = 10,
  }: { catalogueId: number; grader?: Grader; grade?: number },
): Promise<number> {
  const [slab] = await db.db
    .insert(slabs)
    .values({
      cardId: catalogueId,
      grader,
      cert: String(20_000_000 + certSerial++),
      grade,
      fmvCents: 10_000,
      costCents: 5_000,
      acquiredOn: "2026-10-01",
      bin: "TEST",
      state: "owned",
    })
    .returning({ id: slabs.id });
  const [card] = await db.db
    .insert(userCards)
    .values({
      userId: owner.id,
      cardName: "Test Charizard",
      cardDescription: "A graded card for tests",
      category: "Trading Cards",
      packCategory: "Pokemon",
      rarity: "rare",
      grade,
      estimatedValueCents: 10_000,
      slabId: slab!.id,
    })
    .returning({ id: userCards.id });
  return card!.id;
}

/** `ctx` starts an auction of `cardId` (dollars as typed in the form). @returns its id. */
export async function startAuction(
  ctx: Ctx,
  cardId: number,
  {
    startPrice = "10",
    reserve = "",
    days = "1",
  }: { startPrice?: string; reserve?: string; days?: string } = {},
): Promise<number> {
  const form = parsed(startAuctionSchema, { cardId: String(cardId), startPrice, reserve, days });
  return (await createAuction(ctx, form)).auctionId;
}

/** `ctx` bids a maximum of `maximum` dollars on the auction. */
export const bid = (ctx: Ctx, auctionId: number, maximum: string): Promise<BidResult> =>
  placeBid(ctx, parsed(placeBidSchema, { auctionId: String(auctionId), maximum }));

/**
 * Every row a bid, a standing bid or an auction's close could change (auctions, bids, standing
 * bids, cards, wallets, ledger), in id order: compare one taken before a refusal with one after.
 */
export async function auctionSnapshot(db: TestDatabase) {
  return {
    auctions: await db.db.select().from(auctions).orderBy(asc(auctions.id)),
    bids: await db.db.select().from(auctionBids).orderBy(asc(auctionBids.id)),
    standing: await db.db.select().from(standingBids).orderBy(asc(standingBids.id)),
    cards: await db.db.select().from(userCards).orderBy(asc(userCards.id)),
    accounts: await db.db.select().from(walletAccounts).orderBy(asc(walletAccounts.id)),
    entries: await db.db.select().from(walletEntries).orderBy(asc(walletEntries.id)),
  };
}

export const auctionRow = async (db: TestDatabase, id: number) =>
  (await db.db.select().from(auctions).where(eq(auctions.id, id)))[0]!;

/** The kinds of user `userId`'s in-app notifications ("auction.won", "bid.filled", ...). */
export const notificationKindsOf = async (db: TestDatabase, userId: string) =>
  (
    await db.db
      .select({ kind: notifications.kind })
      .from(notifications)
      .where(eq(notifications.userId, userId))
  ).map((row) => row.kind);

/**
 * The auctions' and standing bids' invariants (docs/product/market.md "Auctions" and
 * "Standing bids"), beside the ledger checker (which checks their holds):
 * - an open auction's card is in auction and its seller's; a card in auction has exactly one
 *   open auction; a sold auction's card went to its winner, an unsold one's back to its seller;
 * - an open auction has a leading bid exactly when it has bids, that bid is its leader, and
 *   the price never exceeds the leading maximum; a closed auction has no leading bid;
 * - a sold auction (and a filled standing bid) was paid by exactly one `sale` movement: the
 *   buyer the price, the seller the price less the fee, the platform the fee; nothing else was.
 */
export async function expectAuctionsConsistent(db: TestDatabase): Promise<void> {
  const violations: Record<string, ReturnType<typeof sql>> = {
    "open auctions whose card is not their seller's card in auction": sql`
      SELECT a.id FROM auctions a JOIN user_cards c ON c.id = a.card_id
      WHERE a.status = 'open' AND (c.status <> 'in_auction' OR c.user_id <> a.seller_id)`,
    "cards in auction without exactly one open auction": sql`
      SELECT c.id FROM user_cards c WHERE c.status = 'in_auction' AND (
        SELECT count(*) FROM auctions a WHERE a.card_id = c.id AND a.status = 'open') <> 1`,
    "closed auctions whose card is not where the close put it": sql`
      SELECT a.id FROM auctions a JOIN user_cards c ON c.id = a.card_id
      WHERE a.status = 'sold' AND c.user_id IS DISTINCT FROM a.winner_id
         OR a.status = 'unsold' AND c.user_id <> a.seller_id AND NOT EXISTS (
           SELECT 1 FROM auctions later WHERE later.card_id = a.card_id AND later.id > a.id)`,
    "auctions whose leader is not their one leading bid": sql`
      SELECT a.id FROM auctions a WHERE
        (a.status = 'open' AND (a.bid_count > 0) <> EXISTS (
          SELECT 1 FROM auction_bids b WHERE b.auction_id = a.id AND b.status = 'leading'))
        OR (a.status = 'open' AND a.bid_count > 0 AND NOT EXISTS (
          SELECT 1 FROM auction_bids b WHERE b.id = a.leader_bid_id AND b.status = 'leading'))
        OR (a.status <> 'open' AND EXISTS (
          SELECT 1 FROM auction_bids b WHERE b.auction_id = a.id AND b.status = 'leading'))
        OR (a.bid_count <> (SELECT count(*) FROM auction_bids b WHERE b.auction_id = a.id))`,
    "auctions priced above their leading maximum": sql`
      SELECT a.id FROM auctions a JOIN auction_bids b ON b.id = a.leader_bid_id
      WHERE a.price_cents > b.max_cents`,
    "sold auctions not paid by exactly one sale movement": notPaidOnceBySale({
      rows: sql`SELECT x.id FROM auctions x WHERE x.status = 'sold'`,
      reference: "auction:",
      buyer: "winner_id",
      price: "price_cents",
      seller: "seller_id",
      sellerAmount: "seller_amount_cents",
    }),
    "unsold or open auctions with a sale movement": sql`
      SELECT a.id FROM auctions a WHERE a.status <> 'sold' AND EXISTS (
        SELECT 1 FROM wallet_entries e WHERE e.reference = 'auction:' || a.id)`,
    "filled standing bids not paid by exactly one sale movement, or others paid": sql`
      SELECT b.id FROM standing_bids b WHERE
        (SELECT count(*) FROM wallet_entries e WHERE e.reference = 'standing_bid:' || b.id
           AND e.kind = 'sale')
          <> CASE WHEN b.status <> 'filled' THEN 0 WHEN b.platform_fee_cents > 0 THEN 3 ELSE 2 END
        OR (b.status = 'filled' AND NOT EXISTS (
          SELECT 1 FROM wallet_entries e JOIN wallet_accounts w ON w.id = e.account_id
          WHERE e.reference = 'standing_bid:' || b.id AND e.kind = 'sale'
            AND w.user_id = b.seller_id AND e.amount_cents = b.seller_amount_cents))`,
    "filled standing bids whose card is not the bidder's": sql`
      SELECT b.id FROM standing_bids b JOIN user_cards c ON c.id = b.filled_card_id
      WHERE b.status = 'filled' AND c.user_id <> b.bidder_id
        AND NOT EXISTS (SELECT 1 FROM standing_bids later
          WHERE later.filled_card_id = b.filled_card_id AND later.id > b.id)`,
  };
  for (const [rule, query] of Object.entries(violations)) {
    expect(await rowsOf(db, query), rule).toEqual([]);
  }
}

/** The auction tests' clock: their T0 (the test database's default now) and a day, in ms. */
export const T0 = new Date("2026-11-01T12:00:00Z");
export const DAY = 86_400_000;
/** `ms` milliseconds after {@link T0}. */
export const at = (ms: number) => new Date(T0.getTime() + ms);

/** The ledger balances and every auction invariant holds ({@link expectAuctionsConsistent}). */
export async function expectLedgerAndAuctionsConsistent(db: TestDatabase): Promise<void> {
  await expectLedgerBalanced(db);
  await expectAuctionsConsistent(db);
}
