import { randomUUID } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import {
  buybackOffers,
  listings,
  offers,
  redemptions,
  salesActivity,
  submissionRequests,
  tradeItems,
  tradeRequests,
  transactions,
  userCards,
  walletAccounts,
  walletEntries,
} from "~/.server/db/schema";
import { createListing } from "~/.server/market/listings";
import { makeOffer } from "~/.server/market/offers";
import { sendTradeOffer } from "~/.server/market/trades";
import type { CreateListingInput } from "~/lib/schemas/market";
import { houseBalanceCents, type HouseAccount } from "~/.server/wallet/ledger";
import { as, makeCollector, type Collector } from "./commerce";
import type { TestDatabase } from "./db";
import { expectLedgerBalanced, fund, rowsOf } from "./packs";
import { parsed } from "./forms";
import { notPaidOnceBySale } from "./sale-violations";
import { createListingSchema, makeOfferSchema, tradeOfferSchema } from "~/lib/schemas/market";

/**
 * A vaulted card in `owner`'s vault, inserted directly (not pulled from a pack, so the ledger
 * checker expects no opening for it).
 */
export async function vaultCard(
  db: TestDatabase,
  owner: Collector,
  {
    name = "Test Charizard",
    rarity = "rare",
    valueCents = 5_000,
    grade = 9.5,
  }: {
    name?: string;
    rarity?: "common" | "uncommon" | "rare" | "legendary";
    valueCents?: number;
    grade?: number;
  } = {},
): Promise<number> {
  const [card] = await db.db
    .insert(userCards)
    .values({
      userId: owner.id,
      cardName: name,
      cardDescription: "A graded card for tests",
      category: "Trading Cards",
      packCategory: "Pokemon",
      rarity,
      grade,
      estimatedValueCents: valueCents,
    })
    .returning({ id: userCards.id });
  return card!.id;
}

/** A pending buyback offer on `owner`'s card, expiring a day from now (what a pull leaves). */
export async function buybackOn(
  db: TestDatabase,
  owner: Collector,
  cardId: number,
  amountCents = 4_500,
): Promise<number> {
  const [offer] = await db.db
    .insert(buybackOffers)
    .values({
      userId: owner.id,
      cardId,
      offerAmountCents: amountCents,
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: buybackOffers.id });
  return offer!.id;
}

/** A valid 'Create a New Listing' form, with `overrides`. */
export const listingForm = (overrides: Partial<CreateListingInput> = {}): CreateListingInput => ({
  title: "Graded Charizard",
  description: "A graded card straight from a pack",
  price: "25.00",
  category: "Pokemon",
  condition: "Mint",
  imageUrl: "",
  ...overrides,
});

/** `seller` lists their vault card `cardId` at `price` (dollars); returns the listing id. */
export async function listCard(
  db: TestDatabase,
  seller: Collector,
  cardId: number,
  price = "25.00",
): Promise<number> {
  const { listingId } = await createListing(
    as(db, seller),
    parsed(createListingSchema, listingForm({ price, cardId: String(cardId) })),
  );
  return listingId;
}

/** `seller` lists a physical item (no vault card) at `price` (dollars); returns its id. */
export async function listPhysical(
  db: TestDatabase,
  seller: Collector,
  price = "20.00",
  overrides: Partial<CreateListingInput> = {},
): Promise<number> {
  const { listingId } = await createListing(
    as(db, seller),
    parsed(createListingSchema, listingForm({ title: "Sealed booster box", price, ...overrides })),
  );
  return listingId;
}

/** A seller with one vault card listed at `price`: the seller, the card and the listing. */
export async function listedCard(db: TestDatabase, price = "25.00") {
  const seller = await makeCollector(db);
  const cardId = await vaultCard(db, seller);
  const listingId = await listCard(db, seller, cardId, price);
  return { seller, cardId, listingId };
}

/** A collector with `cents` in the wallet. */
export async function buyerWith(db: TestDatabase, cents: number): Promise<Collector> {
  const buyer = await makeCollector(db);
  if (cents > 0) await fund(db, buyer.id, cents);
  return buyer;
}

/** `buyer` makes a buy offer of `amount` (dollars) on the listing; returns the offer id. */
export async function buyOffer(
  db: TestDatabase,
  buyer: Collector,
  listingId: number,
  amount: string,
): Promise<number> {
  const { offerId } = await makeOffer(
    as(db, buyer),
    parsed(makeOfferSchema, {
      idempotencyKey: randomUUID(),
      listingId: String(listingId),
      offerType: "buy",
      amount,
      message: "I would like to buy this item",
    }),
  );
  return offerId;
}

/**
 * `trader` offers their vault cards `cardIds` for the listing (a trade offer, with `message` when
 * given); @returns what sendTradeOffer answers (the trade request's id).
 */
export function offerCards(
  db: TestDatabase,
  trader: Collector,
  listingId: number,
  cardIds: number[],
  message?: string,
) {
  return sendTradeOffer(
    as(db, trader),
    parsed(tradeOfferSchema, {
      idempotencyKey: randomUUID(),
      listingId: String(listingId),
      cardIds: cardIds.map(String),
      ...(message === undefined ? {} : { message }),
    }),
  );
}

export const cardRow = async (db: TestDatabase, id: number) =>
  (await db.db.select().from(userCards).where(eq(userCards.id, id)))[0]!;
export const listingRow = async (db: TestDatabase, id: number) =>
  (await db.db.select().from(listings).where(eq(listings.id, id)))[0]!;
export const offerRow = async (db: TestDatabase, id: number) =>
  (await db.db.select().from(offers).where(eq(offers.id, id)))[0]!;
export const tradeRow = async (db: TestDatabase, id: number) =>
  (await db.db.select().from(tradeRequests).where(eq(tradeRequests.id, id)))[0]!;
export const transactionRow = async (db: TestDatabase, id: number) =>
  (await db.db.select().from(transactions).where(eq(transactions.id, id)))[0]!;
export const transactionsOf = (db: TestDatabase, listingId: number) =>
  db.db.select().from(transactions).where(eq(transactions.listingId, listingId));

/** The balance of a house account (platform, escrow, holds, payouts), in cents: the sum of its entries. */
export const houseBalance = (db: TestDatabase, kind: HouseAccount) =>
  houseBalanceCents(db.db, kind);

/** The ledger entries that pay for marketplace transaction `transactionId`. */
export const entriesOf = (db: TestDatabase, transactionId: number) =>
  db.db
    .select({
      userId: walletAccounts.userId,
      kind: walletAccounts.kind,
      amountCents: walletEntries.amountCents,
      entryKind: walletEntries.kind,
    })
    .from(walletEntries)
    .innerJoin(walletAccounts, eq(walletAccounts.id, walletEntries.accountId))
    .where(eq(walletEntries.reference, `transaction:${transactionId}`))
    .orderBy(asc(walletEntries.id));

/**
 * Every row a marketplace action could change (listings, offers, trades, transactions,
 * submissions, cards, buyback offers, redemptions, wallets, ledger, sales activity), in id
 * order: compare one taken before a refused action with one taken after it.
 */
export async function marketSnapshot(db: TestDatabase) {
  return {
    listings: await db.db.select().from(listings).orderBy(asc(listings.id)),
    offers: await db.db.select().from(offers).orderBy(asc(offers.id)),
    tradeRequests: await db.db.select().from(tradeRequests).orderBy(asc(tradeRequests.id)),
    tradeItems: await db.db.select().from(tradeItems).orderBy(asc(tradeItems.id)),
    transactions: await db.db.select().from(transactions).orderBy(asc(transactions.id)),
    submissions: await db.db.select().from(submissionRequests).orderBy(asc(submissionRequests.id)),
    cards: await db.db.select().from(userCards).orderBy(asc(userCards.id)),
    buybackOffers: await db.db.select().from(buybackOffers).orderBy(asc(buybackOffers.id)),
    redemptions: await db.db.select().from(redemptions).orderBy(asc(redemptions.id)),
    accounts: await db.db.select().from(walletAccounts).orderBy(asc(walletAccounts.id)),
    entries: await db.db.select().from(walletEntries).orderBy(asc(walletEntries.id)),
    salesActivity: await db.db.select().from(salesActivity).orderBy(asc(salesActivity.id)),
  };
}

/** A DomainError's code and status, and its message when a test names it. */
export type Refusal = { code: string; status: number; message?: string };

/**
 * Expects `action` to be refused with a DomainError matching `error` (code, status, and the
 * message when given) and to leave every row `snapshot` reads as it was (by default every
 * marketplace row: {@link marketSnapshot}).
 */
export async function expectRefusedUnchanged(
  db: TestDatabase,
  action: () => Promise<unknown>,
  error: Refusal,
  snapshot: (db: TestDatabase) => Promise<unknown> = marketSnapshot,
): Promise<void> {
  const before = await snapshot(db);
  await expect(action()).rejects.toMatchObject({ name: "DomainError", ...error });
  expect(await snapshot(db)).toEqual(before);
}

/**
 * The marketplace's invariants (docs/product/market.md "Settlement and fees"; docs/design.md invariants 2, 4, 5), checked
 * beside the ledger checker after every race:
 * - a listing has at most one transaction, and a sold listing exactly one; a traded, cancelled
 *   or active listing none; never to its seller;
 * - an active listing has at most one accepted offer or trade (none), a closed one at most one;
 * - a listed card has exactly one active listing linking it, owned by the card's owner, and an
 *   active card listing's card is listed on it;
 * - a transaction's amounts split 85/15 (checked by the schema) and its money moved once: a
 *   completed card sale has one `sale` movement (buyer -amount, seller +seller amount,
 *   platform +fee); an escrow sale has the buyer's payment into escrow and, once completed,
 *   exactly one release;
 * - the escrow account holds exactly the money of the sales still waiting.
 */
export async function expectMarketConsistent(db: TestDatabase): Promise<void> {
  const violations: Record<string, ReturnType<typeof sql>> = {
    "listings with more than one transaction": sql`
      SELECT listing_id FROM transactions GROUP BY listing_id HAVING count(*) > 1`,
    "sold listings without exactly one transaction, or others with one": sql`
      SELECT l.id FROM listings l
      WHERE (l.status = 'sold') <> EXISTS (SELECT 1 FROM transactions t WHERE t.listing_id = l.id)`,
    "transactions whose buyer is the seller": sql`
      SELECT id FROM transactions WHERE buyer_id = seller_id`,
    "listings with more than one accepted offer or trade": sql`
      SELECT l.id FROM listings l
      WHERE (SELECT count(*) FROM offers o WHERE o.listing_id = l.id AND o.status = 'accepted')
          + (SELECT count(*) FROM trade_requests r
               WHERE r.listing_id = l.id AND r.status = 'accepted') > 1
         OR (l.status = 'active' AND EXISTS (
              SELECT 1 FROM offers o WHERE o.listing_id = l.id AND o.status = 'accepted'))`,
    "pending offers or trades on a closed listing": sql`
      SELECT l.id FROM listings l WHERE l.status <> 'active' AND (
        EXISTS (SELECT 1 FROM offers o WHERE o.listing_id = l.id AND o.status = 'pending')
        OR EXISTS (SELECT 1 FROM trade_requests r
                   WHERE r.listing_id = l.id AND r.status = 'pending'))`,
    "listed cards not linked to one active listing of their owner": sql`
      SELECT c.id FROM user_cards c WHERE c.status = 'listed' AND NOT EXISTS (
        SELECT 1 FROM listings l WHERE l.id = c.listing_id AND l.status = 'active'
          AND l.card_id = c.id AND l.user_id = c.user_id)`,
    "active card listings whose card is not listed on them": sql`
      SELECT l.id FROM listings l JOIN user_cards c ON c.id = l.card_id
      WHERE l.status = 'active' AND (c.status <> 'listed' OR c.listing_id <> l.id
        OR c.user_id <> l.user_id)`,
    "cards that are not listed but keep a listing id": sql`
      SELECT id FROM user_cards WHERE status <> 'listed' AND listing_id IS NOT NULL`,
    "completed card sales not paid by exactly one sale movement": notPaidOnceBySale({
      rows: sql`SELECT x.id FROM transactions x JOIN listings l ON l.id = x.listing_id
        WHERE l.card_id IS NOT NULL`,
      reference: "transaction:",
      buyer: "buyer_id",
      price: "transaction_amount_cents",
      seller: "seller_id",
      sellerAmount: "seller_amount_cents",
    }),
    "escrow sales whose escrow entries do not match their status": sql`
      SELECT t.id FROM transactions t JOIN listings l ON l.id = t.listing_id
      WHERE l.card_id IS NULL AND (SELECT count(*) FROM wallet_entries e
          JOIN wallet_accounts a ON a.id = e.account_id
          WHERE e.reference = 'transaction:' || t.id AND a.kind = 'escrow')
        <> CASE WHEN t.status = 'completed' THEN 2 ELSE 1 END`,
    "completed escrow sales not paying the seller once": sql`
      SELECT t.id FROM transactions t JOIN listings l ON l.id = t.listing_id
      WHERE l.card_id IS NULL AND t.status = 'completed' AND (SELECT count(*) FROM wallet_entries e
          JOIN wallet_accounts a ON a.id = e.account_id
          WHERE e.reference = 'transaction:' || t.id AND a.user_id = t.seller_id
            AND e.amount_cents = t.seller_amount_cents) <> 1`,
  };
  for (const [rule, query] of Object.entries(violations)) {
    expect(await rowsOf(db, query), rule).toEqual([]);
  }
  const [held] = await rowsOf<{ sum: string }>(
    db,
    sql`SELECT coalesce(sum(t.transaction_amount_cents), 0) AS sum FROM transactions t
        JOIN listings l ON l.id = t.listing_id
        WHERE l.card_id IS NULL AND t.status IN ('awaiting_shipment', 'shipped')`,
  );
  expect(await houseBalance(db, "escrow"), "escrow holds the waiting sales").toBe(
    Number(held!.sum),
  );
}

/**
 * The ledger balances and every marketplace invariant holds ({@link expectMarketConsistent}): the
 * check the market race tests run after every race.
 */
export async function expectLedgerAndMarketConsistent(db: TestDatabase): Promise<void> {
  await expectLedgerBalanced(db);
  await expectMarketConsistent(db);
}
