import { and, eq } from "drizzle-orm";
import { cardValues, slabs } from "../db/schema";
import type { Cents } from "~/lib/money";

/**
 * The columns that give a slab's catalogue card and its grade's current value, to select
 * beside a query that joins `slabs` and left-joins `card_values` on {@link slabValueJoin}
 * (docs/product/value.md); read back with {@link slabValueOf}.
 */
export const slabValueColumns = {
  catalogueCardId: slabs.cardId,
  fmvCents: cardValues.fmvCents,
  confidence: cardValues.confidence,
};

/** The join of `card_values` to the slab's card, grader and grade. */
export const slabValueJoin = and(
  eq(cardValues.cardId, slabs.cardId),
  eq(cardValues.grader, slabs.grader),
  eq(cardValues.grade, slabs.grade),
);

export type SlabValue = {
  catalogueCardId: number | null;
  fmvCents: Cents | null;
  confidence: number | null;
};

/** A slab's card page and FMV from {@link slabValueColumns}; the FMV null without an estimate. */
export function slabValueOf(value: SlabValue | null): {
  catalogueCardId: number | null;
  fmv: { fmvCents: Cents; confidence: number } | null;
} {
  return {
    catalogueCardId: value?.catalogueCardId ?? null,
    fmv:
      value && value.fmvCents !== null && value.confidence !== null
        ? { fmvCents: value.fmvCents, confidence: value.confidence }
        : null,
  };
}
