import { notify } from "../notifications/notify";
import { formatCents } from "~/lib/money";
import { and, eq, lte } from "drizzle-orm";
import { inTransaction, type Ctx, type TxCtx } from "../context";
import { listings, transactions } from "../db/schema";
import { DomainError } from "../errors";
import { rewardCompletedSale } from "../rewards/sale-points";
import { postMovement, type Leg } from "../wallet/ledger";
import { marketActor } from "../policy/actor";
import { ESCROW_AUTO_RELEASE_DAYS } from "~/lib/market";
import type { Shipment } from "~/lib/schemas/market";

const DAY_MS = 86_400_000;
const notAwaiting = () =>
  new DomainError("transaction_unavailable", "This sale is not waiting for that step", 409);

/**
 * The seller of a physical item sold through escrow records its shipment (docs/product/market.md "Settlement and fees"):
 * `awaiting_shipment` -> `shipped` with carrier, tracking number and `shipped_at`.
 * `form` comes parsed by shipmentSchema (docs/decisions/013-parsing-once-at-the-seam.md).
 * @throws DomainError `transaction_unavailable` (409) when it is not
 * theirs or not awaiting shipment; `not_signed_in` (401).
 */
export async function markShipped(ctx: Ctx, form: Shipment): Promise<void> {
  const sellerId = marketActor(ctx);
  await inTransaction(ctx, async (tx) => {
    const [shipped] = await tx.db
      .update(transactions)
      .set({
        status: "shipped",
        carrier: form.carrier,
        trackingNumber: form.trackingNumber,
        shippedAt: tx.now(),
      })
      .where(
        and(
          eq(transactions.id, form.transactionId),
          eq(transactions.sellerId, sellerId),
          eq(transactions.status, "awaiting_shipment"),
        ),
      )
      .returning();
    if (!shipped) throw notAwaiting();
    const title = await listingTitleOf(tx, shipped.listingId);
    await notify(tx, {
      userId: shipped.buyerId,
      kind: "escrow.shipped",
      title: `${title} has shipped`,
      body: `The seller shipped ${title} with ${form.carrier}, tracking number ${form.trackingNumber}. Confirm receipt in your offers once it arrives; the payment stays in escrow until then.`,
      link: "/marketplace/offers",
      key: `sale:${shipped.id}:shipped`,
    });
  });
}

/** An escrow sale's listing title (escrow is for listed physical items only), or `fallback`. */
async function listingTitleOf(
  tx: TxCtx,
  listingId: number | null,
  fallback = "Your item",
): Promise<string> {
  if (listingId === null) return fallback;
  const [row] = await tx.db
    .select({ title: listings.title })
    .from(listings)
    .where(eq(listings.id, listingId));
  return row?.title ?? fallback;
}

/**
 * Completes a shipped escrow sale in the caller's transaction: `shipped` -> `completed` (a
 * conditional update, so it pays once), then the escrow pays the seller their amount and the
 * platform its fee, and the seller earns the sale's points (docs/product/rewards.md). The
 * seller is told they were paid; when the clock released it (`released`), the buyer is told
 * too, since they did not act (docs/product/market.md "Settlement and fees").
 * @returns whether this call completed it.
 */
async function releaseEscrow(
  tx: TxCtx,
  where: ReturnType<typeof and>,
  how: "confirmed" | "released",
): Promise<boolean> {
  const [done] = await tx.db
    .update(transactions)
    .set({ status: "completed", completedAt: tx.now() })
    .where(and(eq(transactions.status, "shipped"), where))
    .returning();
  if (!done) return false;
  const title = await listingTitleOf(tx, done.listingId, "item");
  await notify(tx, {
    userId: done.sellerId,
    kind: how === "confirmed" ? "escrow.confirmed" : "escrow.released",
    title: how === "confirmed" ? `The buyer received ${title}` : `Escrow released for ${title}`,
    body:
      how === "confirmed"
        ? `The buyer confirmed receipt of ${title}: ${formatCents(done.sellerAmountCents)} is in your wallet.`
        : `Nobody confirmed receipt of ${title} within ${ESCROW_AUTO_RELEASE_DAYS} days of shipping, so the escrow was released: ${formatCents(done.sellerAmountCents)} is in your wallet.`,
    link: "/wallet",
    key: `sale:${done.id}:escrow-paid`,
  });
  // Released by the clock, the buyer did not act: they are told their purchase is complete.
  if (how === "released") {
    await notify(tx, {
      userId: done.buyerId,
      kind: "escrow.released",
      title: `Your purchase of ${title} is complete`,
      body: `Receipt of ${title} was not confirmed within ${ESCROW_AUTO_RELEASE_DAYS} days of shipping, so the ${formatCents(done.transactionAmountCents)} held in escrow was paid to the seller and the sale is complete. If it has not arrived, contact us.`,
      link: "/marketplace/offers?tab=sales",
      key: `sale:${done.id}:escrow-released:buyer`,
    });
  }
  if (done.sellerId) {
    await rewardCompletedSale(tx, {
      sellerId: done.sellerId,
      amountCents: done.transactionAmountCents,
      transactionId: done.id,
      title,
    });
  }
  await postMovement(tx.db, {
    kind: "escrow",
    reference: `transaction:${done.id}`,
    description: `Marketplace: ${title} received`,
    legs: (
      [
        { account: "escrow", amountCents: -done.transactionAmountCents },
        // A deleted seller's share stays with the platform, for the books.
        done.sellerId
          ? { account: { userId: done.sellerId }, amountCents: done.sellerAmountCents }
          : { account: "platform", amountCents: done.sellerAmountCents },
        { account: "platform", amountCents: done.platformFeeCents },
      ] satisfies Leg[]
    ).filter((leg) => leg.amountCents !== 0),
  });
  return true;
}

/**
 * The buyer confirms a shipped item arrived (docs/product/market.md "Settlement and fees"): the escrow is released to the
 * seller (minus the 15 % fee, to the platform) in ONE transaction, once.
 * @throws DomainError `transaction_unavailable` (409) when it is not theirs or not shipped;
 * `not_signed_in` (401).
 */
export async function confirmReceipt(ctx: Ctx, input: { transactionId: number }): Promise<void> {
  const buyerId = marketActor(ctx);
  const released = await inTransaction(ctx, (tx) =>
    releaseEscrow(
      tx,
      and(eq(transactions.id, input.transactionId), eq(transactions.buyerId, buyerId)),
      "confirmed",
    ),
  );
  if (!released) throw notAwaiting();
}

/**
 * Releases every escrow whose item shipped {@link ESCROW_AUTO_RELEASE_DAYS} days or more before
 * `ctx.now()` and was not confirmed (docs/product/market.md "Settlement and fees"), each in its own transaction. Run by
 * the server periodically; safe to run on several instances at once.
 * @returns how many it released.
 */
export async function releaseOverdueEscrow(ctx: Ctx): Promise<number> {
  const cutoff = new Date(ctx.now().getTime() - ESCROW_AUTO_RELEASE_DAYS * DAY_MS);
  const due = await ctx.db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.status, "shipped"), lte(transactions.shippedAt, cutoff)));
  let released = 0;
  for (const { id } of due) {
    if (await inTransaction(ctx, (tx) => releaseEscrow(tx, eq(transactions.id, id), "released"))) {
      released++;
    }
  }
  return released;
}
