import { z } from "zod";
import { dollarsToCentsSchema, formId, shipmentSchema } from "~/lib/schemas/market";

/**
 * 'Buy Now' on a listing page (docs/product/market.md "Settlement and fees"): the listing and the price the buyer saw
 * and confirmed, in cents (the sale is refused if the seller changed it meanwhile).
 */
export const buyNowSchema = z.object({
  intent: z.literal("buy-now"),
  listingId: formId("Listing"),
  expectedPriceCents: formId("Price"),
});

/**
 * The seller's forms on their listing's page (docs/product/market.md "Listings", "Photos"):
 * edit the price, cancel, add photos (the files come as `photos`), remove one photo.
 */
export const listingIntentSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("update-price"),
    listingId: formId("Listing"),
    price: dollarsToCentsSchema("Price is required"),
  }),
  z.object({ intent: z.literal("cancel-listing"), listingId: formId("Listing") }),
  z.object({ intent: z.literal("add-photos"), listingId: formId("Listing") }),
  z.object({
    intent: z.literal("remove-photo"),
    listingId: formId("Listing"),
    photoId: formId("Photo"),
  }),
]);

/** The tabs of /marketplace/offers, in order; the current one is `?tab=` (Received first). */
export const OFFER_TABS = ["received", "made", "sales"] as const;
export type OfferTab = (typeof OFFER_TABS)[number];

/** The tab named by a `?tab=` value; anything else is Received. */
export function parseOfferTab(value: unknown): OfferTab {
  return OFFER_TABS.find((tab) => tab === value) ?? "received";
}

const tab = z.enum(OFFER_TABS).optional();

/**
 * Every form of /marketplace/offers (docs/product/market.md), told apart by `intent`: the seller
 * accepts or declines a buy/trade offer (`offerId`) or a card trade request
 * (`tradeRequestId`); the sender withdraws one; the seller of a physical item records its
 * shipment; its buyer confirms receipt. Each may carry `tab`, the tab to come back to.
 */
export const offersIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("accept-offer"), offerId: formId("Offer"), tab }),
  z.object({ intent: z.literal("decline-offer"), offerId: formId("Offer"), tab }),
  z.object({ intent: z.literal("withdraw-offer"), offerId: formId("Offer"), tab }),
  z.object({ intent: z.literal("accept-trade"), tradeRequestId: formId("Trade offer"), tab }),
  z.object({ intent: z.literal("decline-trade"), tradeRequestId: formId("Trade offer"), tab }),
  z.object({ intent: z.literal("withdraw-trade"), tradeRequestId: formId("Trade offer"), tab }),
  shipmentSchema.extend({ intent: z.literal("mark-shipped"), tab }),
  z.object({ intent: z.literal("confirm-receipt"), transactionId: formId("Transaction"), tab }),
]);
export type OffersIntent = z.infer<typeof offersIntentSchema>;
