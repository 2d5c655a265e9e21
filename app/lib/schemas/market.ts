import { z } from "zod";
import { formatCents, readDollars } from "../money";
import { dollarsField, dollarsMessage } from "./dollars";

/**
 * A form's fields as a browser could post them, any values (the shared schema decides what is
 * valid; the seam hands the domain its output).
 */
export type FormFields<S extends z.ZodType> = { [K in keyof z.input<S>]?: unknown };
import {
  LISTING_CATEGORIES,
  LISTING_CONDITIONS,
  LISTING_PRICE_CENTS,
  SUBMISSION_CATEGORIES,
} from "../market";

/** A positive database id sent by a form ("12"). */
export const formId = (label: string) =>
  z.coerce
    .number({ error: `${label} is not valid` })
    .int(`${label} is not valid`)
    .min(1, `${label} is not valid`)
    .max(2_147_483_647, `${label} is not valid`);

/**
 * An amount typed in dollars ("12", "12.5", "12.50", "$1,200") to cents, with the spec's price
 * step of 0.01, in [min, max]; `missing` is the message for an empty field. Each refusal names
 * its problem (app/lib/schemas/dollars.ts): "Enter at most $1,000,000.00" for a huge price,
 * not a word about decimals.
 */
export const dollarsToCentsSchema = (
  missing: string,
  { min = 1, max = LISTING_PRICE_CENTS.max }: { min?: number; max?: number } = {},
) => dollarsField({ missing, min, max });

/**
 * Must be empty: new listings take uploaded photos, not links to images on other sites (which
 * let those sites see every buyer, docs/product/market.md "Photos"). The field stays so that a
 * posted link gets a clear message.
 */
const imageUrlSchema = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || null)
  .refine(
    (value) => value === null,
    "Image links are no longer accepted: upload photos of the item instead",
  );

/** 'Create a New Listing' (docs/product/market.md, messages verbatim). */
export const createListingSchema = z.object({
  title: z
    .string({ error: "Title must be at least 3 characters" })
    .trim()
    .min(3, "Title must be at least 3 characters")
    .max(100, "Title must be at most 100 characters"),
  description: z
    .string({ error: "Description must be at least 10 characters" })
    .trim()
    .min(10, "Description must be at least 10 characters")
    .max(2000, "Description must be at most 2000 characters"),
  price: dollarsToCentsSchema("Price is required"),
  category: z.enum(LISTING_CATEGORIES, { error: "Category is required" }),
  condition: z.enum(LISTING_CONDITIONS, { error: "Condition is required" }),
  imageUrl: imageUrlSchema,
  cardId: formId("Card").optional(),
});
export type CreateListingInput = FormFields<typeof createListingSchema>;
/** A listing as `createListing` takes it: the form parsed (price in cents, image link null). */
export type NewListing = z.output<typeof createListingSchema>;

/**
 * The key a market form carries (made when the page rendered, like checkout's): a retried or
 * doubled submission of the same form is one offer (docs/product/market.md "Offers").
 */
const offerKeySchema = z.uuid("This offer form has expired, please reload the page");

/** 'Make Offer' (docs/product/market.md): buy needs an amount, trade a description. */
export const makeOfferSchema = z
  .object({
    idempotencyKey: offerKeySchema,
    listingId: formId("Listing"),
    offerType: z.enum(["buy", "trade"], { error: "Choose Buy or Trade" }),
    amount: z.string().trim().optional(),
    tradeItemDescription: z
      .string()
      .trim()
      .max(1000, "Describe the item in at most 1000 characters")
      .optional(),
    message: z
      .string({ error: "Message must be at least 10 characters" })
      .trim()
      .min(10, "Message must be at least 10 characters")
      .max(1000, "Message must be at most 1000 characters"),
  })
  .superRefine((offer, ctx) => {
    const missing = offer.offerType === "buy" ? !offer.amount : !offer.tradeItemDescription;
    if (missing) {
      ctx.addIssue({
        code: "custom",
        path: [offer.offerType === "buy" ? "amount" : "tradeItemDescription"],
        message: "Please provide offer details",
      });
    }
  })
  .transform((offer, ctx) => {
    if (offer.offerType === "trade") {
      return {
        ...offer,
        offerAmountCents: null,
        tradeItemDescription: offer.tradeItemDescription!,
      };
    }
    const cents = dollarsToCentsSchema("Please provide offer details").safeParse(offer.amount);
    if (!cents.success) {
      ctx.addIssue({ code: "custom", path: ["amount"], message: cents.error.issues[0]!.message });
      return z.NEVER;
    }
    return { ...offer, offerAmountCents: cents.data, tradeItemDescription: null };
  });
export type MakeOfferInput = FormFields<typeof makeOfferSchema>;
/** An offer as `makeOffer` takes it: the form parsed (`offerAmountCents` null for a trade). */
export type NewOffer = z.output<typeof makeOfferSchema>;

/** The trade offer dialog (docs/product/market.md): at least one card; the message is optional. */
export const tradeOfferSchema = z.object({
  idempotencyKey: offerKeySchema,
  listingId: formId("Listing"),
  cardIds: z
    .array(formId("Card"), { error: "Please select at least one card to trade" })
    .min(1, "Please select at least one card to trade")
    .max(20, "Offer at most 20 cards in one trade"),
  message: z.string().trim().max(1000, "Message must be at most 1000 characters").optional(),
});
/** A trade offer as sendTradeOffer takes it: the form parsed (ids as numbers, 1-20 cards). */
export type NewTrade = z.output<typeof tradeOfferSchema>;

/**
 * 'Submit Your Collectibles' (docs/product/market.md, messages verbatim; only the first is shown).
 */
/** The highest estimated value a submission may name: $10,000,000. */
export const SUBMISSION_VALUE_MAX_CENTS = 1_000_000_000;

export const submissionSchema = z.object({
  itemName: z
    .string({ error: "Item name must be at least 3 characters" })
    .trim()
    .min(3, "Item name must be at least 3 characters")
    .max(100, "Item name must be at most 100 characters"),
  itemDescription: z
    .string({ error: "Description must be at least 10 characters" })
    .trim()
    .min(10, "Description must be at least 10 characters")
    .max(1000, "Description must be at most 1000 characters"),
  estimatedValue: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value?.trim()) return null;
      const read = readDollars(value, { min: 1, max: SUBMISSION_VALUE_MAX_CENTS });
      if (read.ok) return read.cents;
      ctx.addIssue({
        code: "custom",
        message: dollarsMessage(read.problem, {
          missing: "Estimated value must be greater than 0",
          tooSmall: "Estimated value must be greater than 0",
          tooLarge: `Estimated value must be at most ${formatCents(SUBMISSION_VALUE_MAX_CENTS)}`,
        }),
      });
      return z.NEVER;
    }),
  category: z.enum(SUBMISSION_CATEGORIES, { error: "Category is required" }),
  notes: z
    .string()
    .trim()
    .max(2000, "Notes must be at most 2000 characters")
    .optional()
    .transform((value) => value || null),
});
export type SubmissionInput = FormFields<typeof submissionSchema>;
/** A submission as `submitItem` takes it: the form parsed (estimated value in cents or null). */
export type NewSubmission = z.output<typeof submissionSchema>;

/** A seller's shipping details for a physical item sold through escrow (docs/product/market.md "Settlement and fees"). */
export const shipmentSchema = z.object({
  transactionId: formId("Transaction"),
  carrier: z
    .string({ error: "Carrier is required" })
    .trim()
    .min(2, "Carrier is required")
    .max(50, "Carrier must be at most 50 characters"),
  trackingNumber: z
    .string({ error: "Tracking number is required" })
    .trim()
    .min(4, "Tracking number is required")
    .max(64, "Tracking number must be at most 64 characters"),
});
/** A shipment as markShipped takes it: the form parsed (trimmed carrier and tracking number). */
export type Shipment = z.output<typeof shipmentSchema>;
