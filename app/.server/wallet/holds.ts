import { asc, inArray, sql } from "drizzle-orm";
import { queryRows } from "../db/rows";
import { walletAccounts } from "../db/schema";
import { postMovement, type LedgerTx } from "./ledger";

/** The caller's transaction, as the helpers that join it take it (docs/decisions/030-card-status-and-ctx-first.md). */
type HoldTx = { db: LedgerTx };
import type { Cents } from "~/lib/money";

/** A buy offer whose amount may be held (null: made before holds, or a trade offer). */
export type HeldOffer = { id: number; fromUserId: string; heldCents: Cents | null };

/**
 * Locks the wallet accounts of `userIds` (made on first use) in user id order (the lock order of
 * postMovement), in the caller's transaction. A transaction that will post several movements
 * touching different users calls it first, so its wallets are all locked in that one order and
 * concurrent transactions cannot deadlock.
 */
export async function lockUserWallets(tx: HoldTx, userIds: string[]): Promise<void> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return;
  await tx.db
    .insert(walletAccounts)
    .values(unique.map((userId) => ({ kind: "user" as const, userId })))
    .onConflictDoNothing({ target: walletAccounts.userId });
  await tx.db
    .select({ id: walletAccounts.id })
    .from(walletAccounts)
    .where(inArray(walletAccounts.userId, unique))
    .orderBy(asc(walletAccounts.userId))
    .for("update");
}

/** An amount held from a collector's wallet for what `reference` names (`offer:7`, `auction_bid:3`). */
export type Hold = { reference: string; userId: string; amountCents: Cents };

/**
 * Holds `amountCents` from `userId`'s wallet in the `holds` account (`offer_hold`, reference
 * `hold.reference`), in the caller's transaction, so their available balance drops at once
 * (docs/decisions/009-held-offers-and-payouts.md): a buy offer, an auction's leading maximum,
 * a standing bid (docs/decisions/045-auctions-and-standing-bids.md).
 * @throws DomainError `insufficient_balance` (402, 'Insufficient balance') when the available
 * balance is below the amount; the caller's transaction must roll back.
 */
export async function holdAmount(tx: HoldTx, hold: Hold & { description: string }): Promise<void> {
  await postMovement(tx.db, {
    kind: "offer_hold",
    reference: hold.reference,
    description: hold.description,
    legs: [
      { account: { userId: hold.userId }, amountCents: -hold.amountCents },
      { account: "holds", amountCents: hold.amountCents },
    ],
  });
}

/**
 * Releases `holds` back to their collectors (`offer_release`, each under its reference), in
 * the caller's transaction. The caller has just ended what each was held for with a
 * conditional update and passes only the rows it won, so each is released exactly once. Their
 * wallets, and those of `alsoLock` (users the caller pays next), are locked first, in user id
 * order; with nothing to release nothing is locked.
 * @param description the wallet history's line for each release ('Bid hold released (outbid)').
 */
export async function releaseHolds(
  tx: HoldTx,
  holds: Hold[],
  description: string,
  alsoLock: string[] = [],
): Promise<void> {
  const held = holds.filter((hold) => hold.amountCents > 0);
  if (held.length === 0) return;
  await lockUserWallets(tx, [...held.map((hold) => hold.userId), ...alsoLock]);
  const order = (a: Hold, b: Hold) =>
    a.reference.localeCompare(b.reference, "en", { numeric: true });
  for (const hold of held.sort(order)) {
    await postMovement(tx.db, {
      kind: "offer_release",
      reference: hold.reference,
      description,
      legs: [
        { account: "holds", amountCents: -hold.amountCents },
        { account: { userId: hold.userId }, amountCents: hold.amountCents },
      ],
    });
  }
}

/**
 * Holds a new buy offer's amount (docs/decisions/009-held-offers-and-payouts.md): moves it from
 * the buyer's wallet to the `holds` account (`offer_hold`, reference `offer:{id}`), in the
 * caller's transaction, so the buyer's available balance drops at once.
 * @throws DomainError `insufficient_balance` (402, 'Insufficient balance') when the available
 * balance is below the amount; the caller's transaction must roll back.
 */
export async function holdOfferAmount(
  tx: HoldTx,
  hold: { offerId: number; userId: string; amountCents: Cents; title: string },
): Promise<void> {
  await holdAmount(tx, {
    reference: `offer:${hold.offerId}`,
    userId: hold.userId,
    amountCents: hold.amountCents,
    description: `Offer hold: ${hold.title}`,
  });
}

/**
 * Releases the holds of `ended` offers back to their buyers (`offer_release`, reference
 * `offer:{id}`), in the caller's transaction. The caller has just moved each offer out of
 * `pending` with a conditional update and passes only the rows it won, so each hold is
 * released exactly once. Offers without a hold are skipped. The buyers' wallets, and those of
 * `alsoLock` (users the caller pays next, such as a sale's buyer and seller), are locked first,
 * in user id order; with no hold to release nothing is locked (a later movement locks its own
 * wallets in that order).
 * @param why what ended them, for the wallet history: 'accepted', 'declined', 'withdrawn',
 * 'expired'.
 */
export async function releaseOfferHolds(
  tx: HoldTx,
  ended: HeldOffer[],
  why: string,
  alsoLock: string[] = [],
): Promise<void> {
  await releaseHolds(
    tx,
    ended.flatMap((offer) =>
      offer.heldCents !== null && offer.heldCents > 0
        ? [
            {
              reference: `offer:${offer.id}`,
              userId: offer.fromUserId,
              amountCents: offer.heldCents,
            },
          ]
        : [],
    ),
    `Offer hold released (${why})`,
    alsoLock,
  );
}

/**
 * What `userId` has on hold, in cents: their pending buy offers, the auction maximums they
 * lead with and their open standing bids (docs/decisions/045-auctions-and-standing-bids.md).
 */
export async function heldBalanceCents(
  tx: Pick<LedgerTx, "execute">,
  userId: string,
): Promise<Cents> {
  const [row] = await queryRows<{ sum: string }>(
    tx,
    sql`SELECT
      (SELECT coalesce(sum(held_cents), 0) FROM offers
        WHERE from_user_id = ${userId} AND status = 'pending')
      + (SELECT coalesce(sum(held_cents), 0) FROM auction_bids
        WHERE bidder_id = ${userId} AND status = 'leading')
      + (SELECT coalesce(sum(amount_cents), 0) FROM standing_bids
        WHERE bidder_id = ${userId} AND status = 'open') AS sum`,
  );
  return Number(row?.sum ?? 0);
}
