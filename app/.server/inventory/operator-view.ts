import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Ctx } from "../context";
import { requireStaff } from "../policy/permissions";
import { buybackOffers, packOpenings, packs, slabs, userCards } from "../db/schema";
import type { Cents } from "~/lib/money";
import { HOUSE_STATES, SLAB_STATES, type SlabState } from "~/lib/slabs";

/** The slabs in one custody state, and what they cost and are worth. */
export type StateTotals = { state: SlabState; slabs: number; costCents: Cents; fmvCents: Cents };

/**
 * One pack's pulls and buybacks and what the house kept of them. Money in cents:
 * - `priceInCents`: what collectors paid for its openings;
 * - `fmvOutCents`: the FMV of the slabs they pulled, at the pull;
 * - `buybackPaidCents` / `buybackFmvCents`: what the house paid for the pulls it bought back,
 *   and their FMV at the pull (the slabs came back to house stock);
 * - `marginCents`: price in − FMV out + (buyback FMV − buyback paid): the house's realised
 *   margin, counting a bought-back slab at its FMV.
 */
export type PackMargin = {
  packId: number;
  name: string;
  pulls: number;
  buybacks: number;
  priceInCents: Cents;
  fmvOutCents: Cents;
  buybackPaidCents: Cents;
  buybackFmvCents: Cents;
  marginCents: Cents;
};

/** The operator view: inventory by state, the house's own inventory's value, margins per pack. */
export type OperatorView = {
  states: StateTotals[];
  /** Intake, house stock and pools: what the house owns, at cost and at FMV. */
  house: { slabs: number; costCents: Cents; fmvCents: Cents };
  packs: PackMargin[];
};

const cents = (value: unknown) => sql<number>`coalesce(sum(${value}), 0)::bigint`.mapWith(Number);

/**
 * The operator view of the Inventory tab (docs/design.md "Inventory (real slabs)"): slabs per custody
 * state with their cost and FMV, the house's inventory value (intake + house stock + pools) at
 * cost and at FMV, and per pack its pulls and buybacks with the realised margin (price in, FMV
 * out, buyback spread; see {@link PackMargin}). Packs without openings are left out.
 * @throws DomainError `forbidden` (403) for anyone but staff.
 */
export async function loadOperatorView(ctx: Ctx): Promise<OperatorView> {
  requireStaff(ctx, "view");
  const byState = await ctx.db
    .select({
      state: slabs.state,
      slabs: count(),
      costCents: cents(slabs.costCents),
      fmvCents: cents(slabs.fmvCents),
    })
    .from(slabs)
    .groupBy(slabs.state);
  const found = new Map(byState.map((row) => [row.state, row]));
  const states = SLAB_STATES.map(
    (state) => found.get(state) ?? { state, slabs: 0, costCents: 0, fmvCents: 0 },
  );
  const house = states
    .filter((row) => (HOUSE_STATES as readonly SlabState[]).includes(row.state))
    .reduce(
      (sum, row) => ({
        slabs: sum.slabs + row.slabs,
        costCents: sum.costCents + row.costCents,
        fmvCents: sum.fmvCents + row.fmvCents,
      }),
      { slabs: 0, costCents: 0, fmvCents: 0 },
    );
  const perPack = await ctx.db
    .select({
      packId: packs.id,
      name: packs.name,
      pulls: count(packOpenings.id),
      buybacks: count(buybackOffers.id),
      priceInCents: cents(packOpenings.pricePaidCents),
      fmvOutCents: cents(userCards.estimatedValueCents),
      buybackPaidCents: cents(buybackOffers.offerAmountCents),
      buybackFmvCents: cents(
        sql`CASE WHEN ${buybackOffers.id} IS NOT NULL THEN ${userCards.estimatedValueCents} END`,
      ),
    })
    .from(packOpenings)
    .innerJoin(packs, eq(packs.id, packOpenings.packId))
    .innerJoin(userCards, eq(userCards.id, packOpenings.cardId))
    // At most one accepted offer per card (its status leaves pending once).
    .leftJoin(
      buybackOffers,
      and(eq(buybackOffers.cardId, userCards.id), eq(buybackOffers.status, "accepted")),
    )
    .groupBy(packs.id, packs.name)
    .orderBy(asc(packs.name), asc(packs.id));
  return {
    states,
    house,
    packs: perPack.map((row) => ({
      ...row,
      marginCents:
        row.priceInCents - row.fmvOutCents + (row.buybackFmvCents - row.buybackPaidCents),
    })),
  };
}
