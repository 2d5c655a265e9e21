import type { CardRarity } from "~/lib/domain/rarity";
import { mulDivHalfUp, type Cents } from "./money";
import {
  RARITIES,
  VALUE_FACTOR_BP,
  VALUE_MULTIPLIER_BP,
  percentToBasisPoints,
  type RarityDistribution,
} from "./packs";

/**
 * The vault's inventory (docs/design.md "Inventory (real slabs)"): the words and rules shared by the
 * server, the admin forms and the browser.
 */

/** The graders whose slabs the vault takes in. */
export const GRADERS = ["PSA", "BGS", "CGC", "SGC"] as const;
export type Grader = (typeof GRADERS)[number];

/**
 * Each grader's scale: the lowest and highest grade and the step between grades. PSA grades in
 * whole numbers (plus 1.5, which this scale leaves out); Beckett, CGC and SGC in half steps.
 */
export const GRADE_SCALES: Record<Grader, { min: number; max: number; step: number }> = {
  PSA: { min: 1, max: 10, step: 1 },
  BGS: { min: 1, max: 10, step: 0.5 },
  CGC: { min: 1, max: 10, step: 0.5 },
  SGC: { min: 1, max: 10, step: 0.5 },
};

/** Whether `grade` is on `grader`'s scale (within its bounds, a whole number of steps). */
export function isOnGradeScale(grader: Grader, grade: number): boolean {
  const scale = GRADE_SCALES[grader];
  if (!Number.isFinite(grade) || grade < scale.min || grade > scale.max) return false;
  const steps = (grade - scale.min) / scale.step;
  return Math.abs(steps - Math.round(steps)) < 1e-9;
}

/** A cert number as graders print it: 6 to 10 digits. */
export const CERT_PATTERN = /^\d{6,10}$/;

/**
 * The grader's public page that verifies a cert (an outbound link only; the vault trusts its
 * own intake, the link lets a collector check the slab with the grader).
 */
export function certVerificationUrl(grader: Grader, cert: string): string {
  const c = encodeURIComponent(cert);
  switch (grader) {
    case "PSA":
      return `https://www.psacard.com/cert/${c}`;
    case "BGS":
      return `https://www.beckett.com/grading/card-lookup?item_type=BGS&item_id=${c}`;
    case "CGC":
      return `https://www.cgccards.com/certlookup/${c}/`;
    case "SGC":
      return `https://gosgc.com/cert-code-lookup?certCode=${c}`;
  }
}

/**
 * A slab's custody state (docs/design.md "Inventory (real slabs)"): exactly one at any time.
 * - `intake`: received, not yet checked into stock;
 * - `house_stock`: the house's, in the vault, in no pack;
 * - `in_pool`: assigned to one pack's pool (the pack is on the slab);
 * - `owned`: a collector's (the live `user_cards` row that references it names the owner);
 * - `shipping_out`: a redemption is shipping it to its owner;
 * - `redeemed`: delivered, out of the vault for good;
 * - `written_off`: lost, damaged or returned to the seller, with a reason.
 */
export const SLAB_STATES = [
  "intake",
  "house_stock",
  "in_pool",
  "owned",
  "shipping_out",
  "redeemed",
  "written_off",
] as const;
export type SlabState = (typeof SLAB_STATES)[number];

/**
 * The FMV band in cents within which a slab fits tier `rarity` of a pack priced `priceCents`
 * (the spec's value rule read as an admission band: 0.7-1.3 x the tier's multiplier x the
 * price, inclusive, rounded half up to the cent).
 */
export function tierBand(priceCents: Cents, rarity: CardRarity): { min: Cents; max: Cents } {
  const multiplier = VALUE_MULTIPLIER_BP[rarity];
  const at = (factorBp: number) => mulDivHalfUp(priceCents, multiplier * factorBp, 100_000_000);
  return { min: at(VALUE_FACTOR_BP.min), max: at(VALUE_FACTOR_BP.max) };
}

/**
 * The tiers a slab worth `fmvCents` fits in a pack priced `priceCents`, commonest first (rare
 * and legendary bands overlap between 3.5 and 3.9 x the price, so a slab may fit two; the pool
 * records the one it was admitted to).
 */
export function tiersFor(priceCents: Cents, fmvCents: Cents): CardRarity[] {
  return RARITIES.filter((rarity) => {
    const band = tierBand(priceCents, rarity);
    return fmvCents >= band.min && fmvCents <= band.max;
  });
}

/**
 * How many slabs each tier of a pool holds so that `units` packs can be sold at `odds`: the
 * expected pulls of the tier, rounded, and at least one for a tier with non-zero odds (a tier
 * with odds but no slab cannot go on sale, docs/decisions/037-slab-within-a-tier.md). The seed
 * composes its pools with it; staff's "fill from house stock to N packs" fills up to it.
 */
export function poolCountsFor(units: number, odds: RarityDistribution): Record<CardRarity, number> {
  return Object.fromEntries(
    RARITIES.map((rarity) => {
      const bp = percentToBasisPoints(odds[rarity]);
      return [rarity, bp === 0 ? 0 : Math.max(1, Math.round((units * bp) / 10_000))];
    }),
  ) as Record<CardRarity, number>;
}

/** What identifies a slab to a collector: grader and cert, or nothing for a card issued before. */
export type SlabIdentity = { grader: Grader; cert: string };

/** What the vault says of a card pulled before packs drew real slabs (it has no cert). */
export const ISSUED_BEFORE_INVENTORY = "Issued before inventory-backed packs";

/** A card's slab as collectors see it: grader, cert, photos and where to verify the cert. */
export type CardSlab = {
  id: number;
  /** The catalogue card it is a copy of: its page is /cards/{cardId}. */
  cardId: number;
  grader: Grader;
  cert: string;
  /** Uploaded photos of the slab; null where the generated slab art stands in. */
  frontImageUrl: string | null;
  backImageUrl: string | null;
  /** The grader's public verification page for the cert. */
  verifyUrl: string;
};

/** The {@link CardSlab} of a slab row's columns, or null for a card without a slab. */
export function cardSlabOf(row: Omit<CardSlab, "verifyUrl"> | null): CardSlab | null {
  if (!row) return null;
  const { id, cardId, grader, cert, frontImageUrl, backImageUrl } = row;
  return {
    id,
    cardId,
    grader,
    cert,
    frontImageUrl,
    backImageUrl,
    verifyUrl: certVerificationUrl(grader, cert),
  };
}

/** How the Inventory tab names each custody state. */
export const SLAB_STATE_LABELS: Record<SlabState, string> = {
  intake: "Intake",
  house_stock: "House stock",
  in_pool: "In a pack pool",
  owned: "Owned by a collector",
  shipping_out: "Shipping out",
  redeemed: "Redeemed",
  written_off: "Written off",
};

/**
 * The states a slab may be written off from: the house's own slabs that no pack and no
 * collector holds (a pooled slab leaves its pool first; an owned one is its owner's).
 */
export const WRITE_OFF_STATES = ["intake", "house_stock"] as const satisfies readonly SlabState[];

/** The states in which a slab is the house's own inventory (what the operator view values). */
export const HOUSE_STATES = [
  "intake",
  "house_stock",
  "in_pool",
] as const satisfies readonly SlabState[];
