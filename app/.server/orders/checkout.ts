import { notify, ORDERS_LINK } from "../notifications/notify";
import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import { ownerId } from "../policy/account-ctx";
import { notEnoughStock } from "../cart/cart";
import { inTransaction, type Ctx, type TxCtx } from "../context";
import { cartItems, orderItems, orderStatusEvents, orders, products, profiles } from "../db/schema";
import { DomainError } from "../errors";
import { achievementsUnlockedBy, unlockAchievements } from "../rewards/achievements";
import type { UnlockedAchievement } from "~/lib/domain/rewards";
import { awardPoints, pointsForCents } from "../rewards/ledger";
import { postMovement } from "../wallet/ledger";
import { formatCents, type Cents } from "~/lib/money";
import type { CheckoutAddress } from "~/lib/schemas/cart";
import { invalidatePagesAfterCommit } from "../page-cache/invalidation";
import { pageTags } from "~/lib/page-cache";

/** What a checkout placed (or had placed under the same idempotency key). */
export type PlacedOrder = {
  orderId: number;
  totalCents: Cents;
  /** floor(total in dollars), docs/product/cart-and-orders.md. */
  pointsAwarded: number;
  /** Achievements the order unlocked (docs/product/rewards.md). */
  achievements: UnlockedAchievement[];
};

/** A cart line locked for checkout, priced from the catalogue. */
type CheckoutLine = { productId: number; quantity: number; name: string; unitPriceCents: Cents };

/** @throws DomainError `email_not_verified` (403) unless `userId` has verified their email. */
async function requireVerifiedEmail(tx: TxCtx, userId: string): Promise<void> {
  const [profile] = await tx.db
    .select({ verified: profiles.emailVerified })
    .from(profiles)
    .where(eq(profiles.id, userId));
  if (!profile?.verified) {
    throw new DomainError("email_not_verified", "Please verify your email to check out", 403);
  }
}

/**
 * The order `userId` already placed under `idempotencyKey`, as its checkout answered.
 * @throws DomainError `idempotency_conflict` (409) when another user claimed the key.
 */
async function placedEarlier(
  tx: TxCtx,
  userId: string,
  idempotencyKey: string,
): Promise<PlacedOrder> {
  const [placed] = await tx.db
    .select({
      orderId: orders.id,
      totalCents: orders.totalCents,
      pointsAwarded: orders.pointsAwarded,
    })
    .from(orders)
    .where(and(eq(orders.idempotencyKey, idempotencyKey), eq(orders.userId, userId)));
  if (!placed) {
    throw new DomainError("idempotency_conflict", "This checkout was already submitted", 409);
  }
  return {
    ...placed,
    achievements: await achievementsUnlockedBy(tx.db, `order:${placed.orderId}`),
  };
}

/**
 * The user's cart lines, locked (FOR UPDATE) and priced from the catalogue, by product id.
 * @throws DomainError `cart_empty` (400) when there is none.
 */
async function lockCartLines(tx: TxCtx, userId: string): Promise<CheckoutLine[]> {
  // Product order keeps lock order the same across users (no deadlocks on stock rows).
  const lines = await tx.db
    .select({
      productId: cartItems.productId,
      quantity: cartItems.quantity,
      name: products.name,
      unitPriceCents: products.priceCents,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.productId))
    .for("update", { of: cartItems });
  if (lines.length === 0) throw new DomainError("cart_empty", "Your cart is empty", 400);
  return lines;
}

/**
 * Writes the order's items (name and unit price snapshotted) and takes their stock with
 * conditional updates (stock >= quantity); the products' pages are dropped after the commit.
 * @throws DomainError `insufficient_stock` (409, 'Only N left of {name}') for the first line short.
 */
async function takeStock(tx: TxCtx, orderId: number, lines: CheckoutLine[]): Promise<void> {
  await tx.db.insert(orderItems).values(
    lines.map((line) => ({
      orderId,
      productId: line.productId,
      productName: line.name,
      unitPriceCents: line.unitPriceCents,
      quantity: line.quantity,
    })),
  );

  for (const line of lines) {
    const [taken] = await tx.db
      .update(products)
      .set({
        stock: sql`${products.stock} - ${line.quantity}`,
        unitsSold: sql`${products.unitsSold} + ${line.quantity}`,
      })
      .where(and(eq(products.id, line.productId), gte(products.stock, line.quantity)))
      .returning({ id: products.id });
    if (!taken) {
      const [left] = await tx.db
        .select({ stock: products.stock })
        .from(products)
        .where(eq(products.id, line.productId));
      throw notEnoughStock(line.name, left?.stock ?? 0);
    }
  }
  // Visitors see the stock left (or 'Out of Stock') as soon as the order commits.
  invalidatePagesAfterCommit(tx, [
    ...lines.map((line) => pageTags.product(line.productId)),
    pageTags.catalogue,
  ]);
}

/**
 * Places and pays an order for the signed-in user's cart (docs/product/cart-and-orders.md, checkout
 * sequence; docs/design.md "Decisions beyond the spec": the order is paid from the wallet and ships to a validated address;
 * docs/decisions/009-held-offers-and-payouts.md), in ONE transaction:
 * 1. claims `idempotencyKey` by inserting the order (unique key; a second submission of the same
 *    form, in parallel or later, gets the first one's order back and does nothing else);
 * 2. locks the cart lines (FOR UPDATE) and prices them from the catalogue (never the client);
 * 3. writes the order items with the product name and unit price snapshotted;
 * 4. takes the stock with conditional updates (stock >= quantity), so N parallel checkouts of
 *    a product with k left sell exactly min(N, k);
 * 5. sets the order total and the shipping address, status `pending` (with its first history
 *    row);
 * 6. awards floor(total in dollars) points through the reward ledger ('purchase', 'Purchase
 *    of $19.99') and the achievements an order unlocks;
 * 7. clears the cart lines it ordered (a line added meanwhile stays);
 * 8. debits the total from the wallet to the platform (`order_payment`), last: rewards rows
 *    before wallets (docs/decisions/006-marketplace-settlement.md lock order).
 * Any failure rolls the whole transaction back: no order, stock, money, points or cart change.
 * `input` is the checkout form as the seam parsed it (the address normalised by
 * checkoutAddressSchema, docs/decisions/013-parsing-once-at-the-seam.md).
 * @throws DomainError `email_not_verified` (403, 'Please verify your email to check out');
 * `cart_empty` (400, 'Your cart is
 * empty'); `insufficient_stock` (409, 'Only N left of {name}'); `insufficient_balance` (402,
 * 'Insufficient balance') when the wallet's available balance is below the total;
 * `idempotency_conflict` (409) for a key another user claimed; `not_signed_in` (401).
 */
export async function checkout(
  ctx: Ctx,
  input: { idempotencyKey: string } & CheckoutAddress,
): Promise<PlacedOrder> {
  const userId = ownerId(ctx);
  return inTransaction(ctx, async (tx) => {
    await requireVerifiedEmail(tx, userId);
    const [claimed] = await tx.db
      .insert(orders)
      .values({ userId, totalCents: 0, idempotencyKey: input.idempotencyKey })
      .onConflictDoNothing({ target: orders.idempotencyKey })
      .returning({ id: orders.id });
    if (!claimed) return placedEarlier(tx, userId, input.idempotencyKey);

    const lines = await lockCartLines(tx, userId);
    await takeStock(tx, claimed.id, lines);

    const totalCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
    const pointsAwarded = pointsForCents(totalCents);
    await tx.db
      .update(orders)
      .set({
        totalCents,
        pointsAwarded,
        status: "pending",
        shippingName: input.fullName,
        shippingStreet: input.street,
        shippingCity: input.city,
        shippingState: input.state,
        shippingZip: input.zip,
        updatedAt: tx.now(),
      })
      .where(eq(orders.id, claimed.id));
    await tx.db
      .insert(orderStatusEvents)
      .values({ orderId: claimed.id, status: "pending", actorId: userId, createdAt: tx.now() });
    if (pointsAwarded > 0) {
      await awardPoints(tx, {
        userId,
        points: pointsAwarded,
        type: "purchase",
        description: `Purchase of ${formatCents(totalCents)}`,
        orderId: claimed.id,
      });
    }
    // Only the lines this order took: a line added while we ran stays in the cart.
    await tx.db.delete(cartItems).where(
      and(
        eq(cartItems.userId, userId),
        inArray(
          cartItems.productId,
          lines.map((line) => line.productId),
        ),
      ),
    );
    await notify(tx, {
      userId,
      kind: "order.placed",
      title: `Order #${claimed.id} placed`,
      body: `We received your order #${claimed.id} of ${formatCents(totalCents)}, paid from your wallet. We will tell you when it ships.`,
      link: ORDERS_LINK,
      key: `order:${claimed.id}:placed`,
    });
    const achievements = await unlockAchievements(tx, {
      userId,
      trigger: "order",
      source: `order:${claimed.id}`,
    });
    // The wallet after the rewards rows, the lock order every transaction touching both keeps
    // (docs/decisions/006-marketplace-settlement.md): a sale of this user's listing awards
    // them points before paying them, and the other order deadlocked with it.
    if (totalCents > 0) {
      await postMovement(tx.db, {
        kind: "order_payment",
        reference: `order:${claimed.id}`,
        description: `Store order #${claimed.id}`,
        legs: [
          { account: { userId }, amountCents: -totalCents },
          { account: "platform", amountCents: totalCents },
        ],
      });
    }
    return { orderId: claimed.id, totalCents, pointsAwarded, achievements };
  });
}
