import type { CardRarity } from "./rarity";
import type { CardSlab } from "../slabs";
import { statusesOf } from "./status-labels";

/**
 * How a redemption (docs/product/vault.md, redemption: a request to ship a vaulted card home) is
 * named to its owner and to staff: the words shared by the vault, the tracking page, the admin
 * tab and the packing slip.
 */

/** A redemption's reference as printed to its owner and on the packing slip: "R-12". */
export const redemptionReference = (id: number) => `R-${id}`;

/**
 * A redemption reference as a collector may type it on /track-order ("R-12", "r12", "R 12"):
 * the id is group 1. A bare number names an order there, never a redemption.
 */
export const REDEMPTION_REFERENCE = /^\s*R\s*-?\s*0*([1-9]\d{0,9})\s*$/i;

/** How a redemption's status reads to its owner and to staff. */
export const REDEMPTION_STATUS_LABELS = {
  pending: "Pending",
  processing: "Processing",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
} as const;

/** A redemption's status (the redemptions table's CHECK, app/.server/db/schema/vault.ts). */
export type RedemptionStatus = keyof typeof REDEMPTION_STATUS_LABELS;
/** Every redemption status, in the label table's order. */
export const REDEMPTION_STATUSES = statusesOf(REDEMPTION_STATUS_LABELS);

/** One of the signed-in user's redemptions, as they see it (status and tracking). */
export type OwnRedemption = {
  id: number;
  cardId: number;
  cardName: string;
  rarity: CardRarity;
  /** The slab shipped (grader, cert); null for a card issued before inventory-backed packs. */
  slab: CardSlab | null;
  status: RedemptionStatus;
  /** Set by an admin once the card is on its way (docs/product/administration.md). */
  trackingNumber: string | null;
  /** "Name, street, city, ST zip" as typed in the redeem dialog. */
  shipTo: string;
  requestedAt: Date;
  shippedAt: Date | null;
  deliveredAt: Date | null;
};
