import { notify } from "../notifications/notify";
import { desc, eq } from "drizzle-orm";
import { inTransaction, type Ctx } from "../context";
import { cards, profiles, redemptions, userCards, type CardStatus, slabs } from "../db/schema";
import { DomainError } from "../errors";
import {
  deliverRedeemedCard,
  redeemCard,
  returnRedeemedCard,
  undeliverRedeemedCard,
} from "../vault/card-status";
import { recordAudit } from "../policy/audit";
import { mapPage, readPage, searchAny, type PageQuery, type Paged } from "../policy/paging";
import { requireStaff } from "../policy/permissions";
import type { CardRarity } from "~/lib/domain/rarity";
import type { RedemptionStatus } from "~/lib/domain/redemptions";
import { certVerificationUrl, type Grader } from "~/lib/slabs";
import type { RedemptionUpdate } from "~/lib/schemas/admin";

/** One row of the Redemptions tab (docs/product/administration.md, redemption, with its card and owner). */
/** Where a redemption ships: the name, street, city, state, ZIP and country the collector gave. */
export type RedemptionShipping = {
  name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  country: string;
};

export type AdminRedemption = {
  id: number;
  status: RedemptionStatus;
  trackingNumber: string | null;
  requestedAt: Date;
  shippedAt: Date | null;
  deliveredAt: Date | null;
  shipping: RedemptionShipping;
  card: { id: number; name: string; rarity: CardRarity; status: CardStatus };
  /** The physical slab to ship, with its bin; null for a card issued before inventory. */
  slab: { grader: Grader; cert: string; bin: string; verifyUrl: string } | null;
  ownerId: string;
  ownerEmail: string;
  ownerName: string;
};

/**
 * Redemptions with their card, the card's slab and the catalogue card it holds (both null for a
 * card issued before inventory) and the owner: what the Redemptions tab and the packing slip
 * read. Not yet filtered or ordered.
 */
function redemptionRows(ctx: Ctx) {
  return ctx.db
    .select({
      redemption: redemptions,
      cardName: userCards.cardName,
      cardRarity: userCards.rarity,
      cardStatus: userCards.status,
      ownerEmail: profiles.email,
      ownerName: profiles.fullName,
      slab: { grader: slabs.grader, cert: slabs.cert, grade: slabs.grade, bin: slabs.bin },
      card: {
        setName: cards.setName,
        number: cards.number,
        variant: cards.variant,
        year: cards.year,
      },
    })
    .from(redemptions)
    .innerJoin(userCards, eq(userCards.id, redemptions.cardId))
    .leftJoin(slabs, eq(slabs.id, userCards.slabId))
    .innerJoin(profiles, eq(profiles.id, redemptions.userId))
    .leftJoin(cards, eq(cards.id, slabs.cardId));
}

/** The ship-to address of a redemption, as the tab and the packing slip show it. */
function shippingOf(r: typeof redemptions.$inferSelect): RedemptionShipping {
  return {
    name: r.shippingName,
    address: r.shippingAddress,
    city: r.shippingCity,
    state: r.shippingState,
    zip: r.shippingZip,
    country: r.shippingCountry,
  };
}

/**
 * One page of redemptions, newest request first, matching `q` in the card's name, the owner's
 * email or name, the tracking number, the recipient's name or the slab's cert (case-insensitive), with the total
 * of matches (docs/product/administration.md, Redemptions: list).
 * @throws DomainError `forbidden` (403) for anyone but staff.
 */
export async function listRedemptions(
  ctx: Ctx,
  { page, q }: PageQuery,
): Promise<Paged<AdminRedemption>> {
  requireStaff(ctx, "view");
  const where = searchAny(q, [
    userCards.cardName,
    profiles.email,
    profiles.fullName,
    redemptions.trackingNumber,
    redemptions.shippingName,
    slabs.cert,
  ]);
  const matches = redemptionRows(ctx).where(where).$dynamic();
  const paged = await readPage(
    ctx.db,
    page,
    matches,
    desc(redemptions.requestedAt),
    desc(redemptions.id),
  );
  return mapPage(paged, ({ redemption: r, ...row }) => ({
    id: r.id,
    status: r.status,
    trackingNumber: r.trackingNumber,
    requestedAt: r.requestedAt,
    shippedAt: r.shippedAt,
    deliveredAt: r.deliveredAt,
    shipping: shippingOf(r),
    card: { id: r.cardId, name: row.cardName, rarity: row.cardRarity, status: row.cardStatus },
    slab:
      row.slab?.grader && row.slab.cert && row.slab.bin
        ? {
            grader: row.slab.grader,
            cert: row.slab.cert,
            bin: row.slab.bin,
            verifyUrl: certVerificationUrl(row.slab.grader, row.slab.cert),
          }
        : null,
    ownerId: r.userId,
    ownerEmail: row.ownerEmail,
    ownerName: row.ownerName,
  }));
}

/** What the packing slip of a redemption lists (docs/product/vault.md, redemption). */
export type PackingSlip = {
  id: number;
  status: RedemptionStatus;
  trackingNumber: string | null;
  requestedAt: Date;
  shipping: AdminRedemption["shipping"];
  ownerEmail: string;
  /** The card as the owner's vault names it. */
  cardName: string;
  /** The physical slab to pick from its bin; null for a card issued before inventory. */
  slab: {
    grader: Grader;
    cert: string;
    /** On the grader's scale (app/lib/slabs.ts GRADE_SCALES). */
    grade: number;
    bin: string;
    verifyUrl: string;
    /** The catalogue card the slab holds: set, number, variant and year. */
    card: { setName: string; number: string; variant: string; year: number };
  } | null;
};

/**
 * The packing slip of redemption `redemptionId` for the staff who ship it: the slab to pick
 * (its catalogue card, grader, cert with the grader's verification link, grade and bin) and the
 * ship-to address (docs/product/vault.md, redemption; docs/design.md "Inventory (real slabs)"). Null
 * when there is no such redemption. Read-only, so every staff member may print it.
 * @throws DomainError `forbidden` (403) for anyone but staff.
 */
export async function redemptionPackingSlip(
  ctx: Ctx,
  redemptionId: number,
): Promise<PackingSlip | null> {
  requireStaff(ctx, "view");
  const [row] = await redemptionRows(ctx).where(eq(redemptions.id, redemptionId));
  if (!row) return null;
  const { redemption: r, slab, card } = row;
  return {
    id: r.id,
    status: r.status,
    trackingNumber: r.trackingNumber,
    requestedAt: r.requestedAt,
    shipping: shippingOf(r),
    ownerEmail: row.ownerEmail,
    cardName: row.cardName,
    slab:
      slab && card
        ? { ...slab, verifyUrl: certVerificationUrl(slab.grader, slab.cert), card }
        : null,
  };
}

/** What an audit row records of a redemption. */
type RedemptionSnapshot = {
  status: RedemptionStatus;
  trackingNumber: string | null;
  shippedAt: Date | null;
  deliveredAt: Date | null;
  cardStatus: CardStatus;
};

/**
 * Sets a redemption's status and tracking number as an admin (docs/product/administration.md:
 * redemptions update {status, tracking_number, shipped_at?, delivered_at?}), in ONE transaction
 * under the redemption's row lock, with an audit row of before and after:
 * - `shipped_at` is stamped on the first move to shipped and `delivered_at` on the first move
 *   to delivered; a later move never overwrites them;
 * - cancelling returns the card to its owner's vault (redeemed -> vaulted), only while the card
 *   is still `redeemed` and that user's;
 * - moving a cancelled redemption to any other status takes the card out of the vault again
 *   (vaulted -> redeemed, its pending buyback offer cancelled), only while it is still vaulted;
 * - the card's slab follows (docs/design.md "Inventory (real slabs)"): shipping out while the
 *   redemption is open, redeemed once delivered, owned again when cancelled.
 * Nothing is written when nothing changes.
 * Takes `updateRedemptionSchema`'s output.
 * @throws DomainError `redemption_not_found` (404), `card_not_redeemed` (409) when cancelling and the card is no
 * longer redeemed by its owner, `card_not_in_vault` (409) when reopening and the card left the
 * vault, `forbidden` (403) for anyone but an admin.
 */
export async function updateRedemption(
  ctx: Ctx,
  { redemptionId, status, trackingNumber }: RedemptionUpdate,
): Promise<void> {
  requireStaff(ctx, "manageRedemptions");
  await inTransaction(ctx, async (tx) => {
    const [current] = await tx.db
      .select()
      .from(redemptions)
      .where(eq(redemptions.id, redemptionId))
      .for("update");
    if (!current) throw new DomainError("redemption_not_found", "Redemption not found", 404);
    if (status === current.status && trackingNumber === current.trackingNumber) return;
    const [card] = await tx.db
      .select({ status: userCards.status })
      .from(userCards)
      .where(eq(userCards.id, current.cardId));
    const before: RedemptionSnapshot = {
      status: current.status,
      trackingNumber: current.trackingNumber,
      shippedAt: current.shippedAt,
      deliveredAt: current.deliveredAt,
      cardStatus: card!.status,
    };
    let cardStatus = before.cardStatus;

    if (status === "cancelled" && current.status !== "cancelled") {
      const returned = await returnRedeemedCard(tx, {
        userId: current.userId,
        cardId: current.cardId,
      });
      cardStatus = returned.status;
    } else if (current.status === "cancelled" && status !== "cancelled") {
      const taken = await redeemCard(
        tx,
        { userId: current.userId, cardId: current.cardId },
        () =>
          new DomainError(
            "card_not_in_vault",
            "The card is no longer in its owner's vault (it was listed, sold or redeemed again), so this redemption cannot be reopened.",
            409,
          ),
      );
      cardStatus = taken.status;
    }

    if (status === "delivered" && current.status !== "delivered") {
      await deliverRedeemedCard(tx, { cardId: current.cardId });
    } else if (current.status === "delivered" && status !== "delivered" && status !== "cancelled") {
      await undeliverRedeemedCard(tx, { cardId: current.cardId });
    }
    const now = tx.now();
    const [updated] = await tx.db
      .update(redemptions)
      .set({
        status,
        trackingNumber,
        shippedAt: current.shippedAt ?? (status === "shipped" ? now : null),
        deliveredAt: current.deliveredAt ?? (status === "delivered" ? now : null),
      })
      .where(eq(redemptions.id, redemptionId))
      .returning();
    // The owner hears of each new status, and of each new tracking number while it is shipped.
    const tell =
      status === "shipped"
        ? before.status !== status || before.trackingNumber !== updated?.trackingNumber
        : status === "processing" && before.status !== status;
    if (updated && tell) {
      const [card] = await tx.db
        .select({ name: userCards.cardName })
        .from(userCards)
        .where(eq(userCards.id, updated.cardId));
      const name = card?.name ?? "your card";
      await notify(tx, {
        userId: updated.userId,
        kind: status === "shipped" ? "redemption.shipped" : "redemption.processing",
        title:
          status === "shipped"
            ? `Your redeemed ${name} has shipped`
            : `We are preparing your redeemed ${name}`,
        body:
          status === "shipped"
            ? `Your redeemed ${name} is on its way${updated.trackingNumber ? `, tracking number ${updated.trackingNumber}` : ""}.`
            : `We are preparing your redeemed ${name} for shipping. We will tell you when it ships.`,
        link: "/vault",
        key:
          status === "shipped"
            ? `redemption:${updated.id}:shipped:${updated.trackingNumber ?? ""}`
            : `redemption:${updated.id}:processing`,
      });
    }
    await recordAudit(tx, {
      action: "redemption.update",
      targetType: "redemption",
      targetId: redemptionId,
      before,
      after: {
        status: updated!.status,
        trackingNumber: updated!.trackingNumber,
        shippedAt: updated!.shippedAt,
        deliveredAt: updated!.deliveredAt,
        cardStatus,
      } satisfies RedemptionSnapshot,
    });
  });
  ctx.log.info({ redemptionId, status, by: ctx.actor?.userId }, "redemption updated by staff");
}
