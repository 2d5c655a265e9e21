import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { offers, walletAccounts } from "../db/schema";
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
  await postMovement(tx.db, {
    kind: "offer_hold",
    reference: `offer:${hold.offerId}`,
    description: `Offer hold: ${hold.title}`,
    legs: [
      { account: { userId: hold.userId }, amountCents: -hold.amountCents },
      { account: "holds", amountCents: hold.amountCents },
    ],
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
  const held = ended.filter((offer) => offer.heldCents !== null && offer.heldCents > 0);
  if (held.length === 0) return;
  await lockUserWallets(tx, [...held.map((offer) => offer.fromUserId), ...alsoLock]);
  for (const offer of held.sort((a, b) => a.id - b.id)) {
    await postMovement(tx.db, {
      kind: "offer_release",
      reference: `offer:${offer.id}`,
      description: `Offer hold released (${why})`,
      legs: [
        { account: "holds", amountCents: -offer.heldCents! },
        { account: { userId: offer.fromUserId }, amountCents: offer.heldCents! },
      ],
    });
  }
}

/** What `userId` has on hold for pending buy offers, in cents. */
export async function heldBalanceCents(
  tx: Pick<LedgerTx, "select">,
  userId: string,
): Promise<Cents> {
  const [row] = await tx
    .select({ sum: sql<string>`coalesce(sum(${offers.heldCents}), 0)` })
    .from(offers)
    .where(and(eq(offers.fromUserId, userId), eq(offers.status, "pending")));
  return Number(row?.sum ?? 0);
}
