import { z } from "zod";
import { isValidDistribution, PACK_CATEGORIES, RARITIES, type PackCardNames } from "../packs";
import type { CardRarity } from "~/lib/domain/rarity";
import { REDEMPTION_STATUSES } from "~/lib/domain/redemptions";
import { SUBMISSION_STATUSES } from "~/lib/domain/submission-status";
import { dollarsToCentsSchema, formId } from "./market";

/**
 * The forms of the /admin tabs Listings, Packs, Redemptions, Submissions, Payouts, Orders and the
 * photo forms (docs/product/administration.md), one schema an intent, parsed once at the seam
 * (docs/decisions/024-admin-forms-on-conform.md). Numbers parse strictly (docs/product/administration.md: "a bad number gets a clear message and changes nothing"):
 * '12abc', '1e3', '-1' and an empty required field are refused, never coerced.
 */

/** docs/product/administration.md: the states an admin may set on a redemption (all of them). */
export const ADMIN_REDEMPTION_STATUSES = REDEMPTION_STATUSES;
export type AdminRedemptionStatus = (typeof ADMIN_REDEMPTION_STATUSES)[number];

/** docs/product/administration.md: the states an admin may set on a submission (all of them). */
export const ADMIN_SUBMISSION_STATUSES = SUBMISSION_STATUSES;
export type AdminSubmissionStatus = (typeof ADMIN_SUBMISSION_STATUSES)[number];

/** Pack prices: $0.01 to $100,000 (the packs table's check), in cents. */
export const PACK_PRICE_CENTS = { min: 1, max: 10_000_000 } as const;
/** Card names per rarity: 1 to 10, each 1 to 40 characters. */
export const PACK_NAMES = { min: 1, max: 10, length: 40 } as const;

/** The message when the four odds do not sum to 100 (docs/product/administration.md). */
export const DISTRIBUTION_SUM_MESSAGE = "The four percentages must add up to 100";

const RARITY_LABELS: Record<CardRarity, string> = {
  common: "Common",
  uncommon: "Uncommon",
  rare: "Rare",
  legendary: "Legendary",
};

/** A listing's delete form. */
export const deleteListingSchema = z.object({ listingId: formId("Listing") });
export type ListingDeletion = z.output<typeof deleteListingSchema>;

/** One rarity's odds in percent: 0 to 100 with at most two decimals ("12.5"). */
const percentSchema = (rarity: CardRarity) => {
  const label = `${RARITY_LABELS[rarity]} percentage`;
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .regex(
      /^\d{1,3}(\.\d{1,2})?$/,
      `${label} must be a number from 0 to 100 with at most 2 decimals`,
    )
    .transform(Number)
    .refine(
      (value) => value <= 100,
      `${label} must be a number from 0 to 100 with at most 2 decimals`,
    );
};

/** One rarity's card names, one per line (blank lines dropped): 1-10 names of 1-40 characters. */
const namesSchema = (rarity: CardRarity) => {
  const label = RARITY_LABELS[rarity];
  return z
    .string({ error: `Enter at least one ${label.toLowerCase()} card name` })
    .transform((text) =>
      text
        .split(/\r?\n/)
        .map((name) => name.trim())
        .filter((name) => name.length > 0),
    )
    .refine(
      (names) => names.length >= PACK_NAMES.min,
      `Enter at least one ${label.toLowerCase()} card name`,
    )
    .refine(
      (names) => names.length <= PACK_NAMES.max,
      `Enter at most ${PACK_NAMES.max} ${label.toLowerCase()} card names (one per line)`,
    )
    .refine(
      (names) => names.every((name) => name.length <= PACK_NAMES.length),
      `Each ${label.toLowerCase()} card name must be at most ${PACK_NAMES.length} characters`,
    );
};

/**
 * The Packs tab's create and edit form (docs/product/administration.md: name, description, category,
 * price, is_active, rarity_distribution; plus the card names per rarity). No available count:
 * it is the pack's pool's size (docs/design.md "Inventory (real slabs)"), read-only here.
 * Field names: `name`, `description`, `category`, `price` (dollars),
 * `isActive` (a checkbox: present is on), `common`/`uncommon`/`rare`/`legendary` (percent)
 * and `commonNames`/... (one name per line). No image link: a pack's pictures are uploaded in
 * its Photos dialog (docs/decisions/025-photo-uploads.md); a posted `imageUrl` is dropped, and
 * an existing pack keeps the one it has.
 */
export const packFormSchema = z
  .object({
    name: z
      .string({ error: "Name is required" })
      .trim()
      .min(1, "Name is required")
      .max(100, "Name must be at most 100 characters"),
    description: z
      .string()
      .trim()
      .max(1000, "Description must be at most 1000 characters")
      .nullish()
      .transform((value) => value || null),
    category: z.enum(PACK_CATEGORIES, { error: "Category is required" }),
    price: dollarsToCentsSchema("Price is required", { max: PACK_PRICE_CENTS.max }),
    /** A checkbox: "on" (or "true") when ticked, absent otherwise. */
    isActive: z
      .unknown()
      .optional()
      .transform((value) => value === "on" || value === "true"),
    common: percentSchema("common"),
    uncommon: percentSchema("uncommon"),
    rare: percentSchema("rare"),
    legendary: percentSchema("legendary"),
    commonNames: namesSchema("common"),
    uncommonNames: namesSchema("uncommon"),
    rareNames: namesSchema("rare"),
    legendaryNames: namesSchema("legendary"),
  })
  .transform((form, issue) => {
    const rarityDistribution = {
      common: form.common,
      uncommon: form.uncommon,
      rare: form.rare,
      legendary: form.legendary,
    };
    if (!isValidDistribution(rarityDistribution)) {
      issue.addIssue({ code: "custom", path: ["common"], message: DISTRIBUTION_SUM_MESSAGE });
      return z.NEVER;
    }
    const cardNames = Object.fromEntries(
      RARITIES.map((rarity) => [rarity, form[`${rarity}Names`]]),
    ) as PackCardNames;
    return {
      name: form.name,
      description: form.description,
      category: form.category,
      priceCents: form.price,
      isActive: form.isActive,
      rarityDistribution,
      cardNames,
    };
  });
/** A pack as the form leaves it (cents, numbers, name lists). */
export type PackFields = z.output<typeof packFormSchema>;

/**
 * The key an admin create form carries (made when the tab loaded, like checkout's): a doubled
 * or retried submission of the same form creates one pack or event, and the key reused with
 * other details is refused.
 */
export const adminFormKeySchema = z.uuid("This form has expired, please reload the page");

/** The create-pack form: the pack's fields and the form's key. */
export const createPackSchema = z
  .object({ idempotencyKey: adminFormKeySchema })
  .and(packFormSchema);
/** A new pack as `createPack` takes it. */
export type NewPack = z.output<typeof createPackSchema>;

/** The pack a form edits or deletes. */
export const packIdSchema = z.object({ packId: formId("Pack") });
/** The pack a form deletes, parsed (`deletePack` takes it). */
export type PackId = z.output<typeof packIdSchema>;

/** The Packs tab's edit form: the pack's id and its fields. */
export const updatePackSchema = packIdSchema.and(packFormSchema);
/** A pack edit as `updatePack` takes it. */
export type PackUpdate = z.output<typeof updatePackSchema>;

/**
 * A tracking number as the Redemptions and Orders tabs take it: at most 64 letters, digits,
 * spaces and dashes, trimmed; empty or missing reads as null (clears it).
 */
const trackingNumberField = z
  .string()
  .trim()
  .max(64, "Tracking number must be at most 64 characters")
  .regex(/^[A-Za-z0-9 -]*$/, "Tracking number may only hold letters, digits, spaces and dashes")
  .nullish()
  .transform((value) => value || null);

/** The Redemptions tab's form: a status and a tracking number (empty clears it). */
export const updateRedemptionSchema = z.object({
  redemptionId: formId("Redemption"),
  status: z.enum(ADMIN_REDEMPTION_STATUSES, {
    error: "Status must be pending, processing, shipped, delivered or cancelled",
  }),
  trackingNumber: trackingNumberField,
});
export type RedemptionUpdate = z.output<typeof updateRedemptionSchema>;

/** An optional amount in dollars: empty is none; anything else parses strictly. */
const optionalDollars = (label: string) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((value, issue) => {
      if (!value) return null;
      const cents = dollarsToCentsSchema(`${label} is required`).safeParse(value);
      if (!cents.success) {
        issue.addIssue({ code: "custom", message: `${label}: ${cents.error.issues[0]!.message}` });
        return z.NEVER;
      }
      return cents.data;
    });

/**
 * The Submissions tab's form (docs/product/administration.md: update {status, estimated_value?, offer_amount?}):
 * the amounts in dollars, empty clearing them; `offer_made` needs an offer amount.
 */
const slabField = z
  .string()
  .trim()
  .max(40, "Slab fields must be at most 40 characters")
  .nullish()
  .transform((value) => value ?? "");

/**
 * What staff read off a submitted slab when they accept it: grader, cert, the catalogue card's
 * id and grade, as typed (checked by the intake's rules in the domain; empty when not given).
 */
const slabIdentityFields = {
  grader: slabField,
  cert: slabField,
  card: slabField,
  grade: slabField,
};
export type SlabIdentity = { grader: string; cert: string; card: string; grade: string };

export const updateSubmissionSchema = z
  .object({
    submissionId: formId("Submission"),
    status: z.enum(ADMIN_SUBMISSION_STATUSES, {
      error: "Status must be pending, reviewing, offer_made, accepted or rejected",
    }),
    estimatedValue: optionalDollars("Estimated value"),
    offerAmount: optionalDollars("Offer amount"),
    ...slabIdentityFields,
  })
  .refine((form) => form.status !== "offer_made" || form.offerAmount !== null, {
    path: ["offerAmount"],
    message: "Enter an offer amount to make an offer",
  });
export type SubmissionUpdate = z.output<typeof updateSubmissionSchema>;

/** A submission's delete form. */
export const deleteSubmissionSchema = z.object({ submissionId: formId("Submission") });
export type SubmissionDeletion = z.output<typeof deleteSubmissionSchema>;

/** The Payouts tab's form: approve or reject a pending withdrawal, with an optional note. */
export const payoutDecisionSchema = z.object({
  payoutId: formId("Withdrawal"),
  decision: z.enum(["approve", "reject"], { error: "Decision must be approve or reject" }),
  note: z
    .string()
    .trim()
    .max(200, "Note must be at most 200 characters")
    .nullish()
    .transform((value) => value || ""),
});
export type PayoutDecision = z.output<typeof payoutDecisionSchema>;

/** The statuses an admin moves a store order to (docs/decisions/009-held-offers-and-payouts.md). */
export const ADMIN_ORDER_STATUSES = ["processing", "shipped", "delivered", "cancelled"] as const;
export type AdminOrderStatus = (typeof ADMIN_ORDER_STATUSES)[number];

/**
 * The Orders tab's form: the next status, and the carrier and tracking number (required to
 * ship; letters, digits, spaces and dashes).
 */
export const updateOrderSchema = z
  .object({
    orderId: formId("Order"),
    status: z.enum(ADMIN_ORDER_STATUSES, {
      error: "Status must be processing, shipped, delivered or cancelled",
    }),
    carrier: z
      .string()
      .trim()
      .max(40, "Carrier must be at most 40 characters")
      .regex(/^[A-Za-z0-9 .-]*$/, "Carrier may only hold letters, digits, spaces, dots and dashes")
      .nullish()
      .transform((value) => value || null),
    trackingNumber: trackingNumberField,
  })
  .refine((form) => form.status !== "shipped" || (form.carrier && form.trackingNumber), {
    path: ["trackingNumber"],
    message: "Enter the carrier and tracking number to ship",
  });
export type OrderUpdate = z.output<typeof updateOrderSchema>;

/** The product whose photos a form of the Products tab changes. */
export const productIdSchema = z.object({ productId: formId("Product") });

/** The photo a form removes. */
export const photoIdSchema = z.object({ photoId: formId("Photo") });

/** The photo forms of the Products and Packs tabs: whose photos (the files travel apart). */
export const photoOwnerSchemas = { product: productIdSchema, pack: packIdSchema } as const;
/** The remove-photo forms: whose photo, and which. */
export const removePhotoSchemas = {
  product: productIdSchema.extend(photoIdSchema.shape),
  pack: packIdSchema.extend(photoIdSchema.shape),
} as const;
