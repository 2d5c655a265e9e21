import type { Photo } from "./media";
import type { CardRarity } from "./rarity";
import type { Cents } from "~/lib/money";
import type { CardSlab } from "~/lib/slabs";

/** A listing as the marketplace grid shows it. */
export type ListingCard = {
  id: number;
  title: string;
  description: string;
  priceCents: Cents;
  category: string;
  condition: string;
  /**
   * An image link from before photos were uploaded (docs/product/market.md "Photos"): https
   * only; an older http: link is dropped (the card's slab or the placeholder shows instead).
   */
  imageUrl: string | null;
  /** Uploaded photos, front first (a card in a grid carries only its first). */
  photos: Photo[];
  createdAt: Date;
  /** Whether the viewer (`ctx.actor`) is the seller; no user id leaves the server. */
  isOwn: boolean;
  /** The linked vault card, for its slab art; null for a physical item. */
  card: {
    id: number;
    name: string;
    rarity: CardRarity;
    grade: number;
    packCategory: string;
    /** The slab's cert; null for a card issued before inventory-backed packs. */
    certNumber: string | null;
    slab: CardSlab | null;
    /** Its catalogue card's page (/cards/:id); null for a card issued before inventory. */
    catalogueCardId: number | null;
    /** Its grade's FMV and confidence (docs/product/value.md); null: "No estimate yet". */
    fmv: { fmvCents: Cents; confidence: number } | null;
  } | null;
};

/**
 * The reference printed on a sell-to-us submission's shipping label and written on its parcel
 * (`PV-SUB-000042`), so the store can match what arrives (docs/product/market.md, "Selling to
 * the shop").
 */
export function submissionReference(submissionId: number): string {
  return `PV-SUB-${String(submissionId).padStart(6, "0")}`;
}

/** Where the owner of an accepted submission downloads its prepaid shipping label (a PDF). */
export function submissionLabelPath(submissionId: number): string {
  return `/sell/submissions/${submissionId}/label.pdf`;
}

/**
 * What happens once a collector accepts the shop's offer on a submission, in order: printed on
 * the shipping label, mailed with the offer (docs/product/market.md, "Selling to the shop").
 */
export const SELL_TO_US_NEXT_STEPS = [
  "Pack the item securely (a sleeve and a rigid holder for a card).",
  "Print the prepaid shipping label, tape it to the parcel and write its reference on the parcel or on a note inside.",
  "Once it arrives we check the item against your description and authenticate it.",
  "You are paid the offer within 5 business days after we authenticate your item.",
] as const;
