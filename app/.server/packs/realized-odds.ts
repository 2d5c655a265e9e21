import { eq, sql } from "drizzle-orm";
import type { Ctx } from "../context";
import { packOpenings, packs, userCards } from "../db/schema";
import { firstBuybackOffer } from "./draw-log";
import { oddsTextsOf } from "./odds";
import { goodnessOfFit, type GoodnessOfFit } from "~/lib/chi-square";
import { parseOddsText } from "~/lib/odds-commitment";
import { RARITIES } from "~/lib/packs";
import type { CardRarity } from "~/lib/domain/rarity";

/** Openings drawn under one set of stated rarity odds, and how they came out. */
export type OddsPeriod = {
  /** The stated odds per rarity, in basis points (from the commitments' texts). */
  statedBp: Record<CardRarity, number>;
  /** The commitments with these odds (the price or names may differ between them). */
  commitments: string[];
  /** Whether these are the pack's odds now. */
  current: boolean;
  /** Pulls per rarity. */
  counts: Record<CardRarity, number>;
  total: number;
  /** The chi-square test of `counts` against `statedBp`; null without pulls. */
  fit: GoodnessOfFit | null;
};

/** A pack's stated and realized odds (the /pack/{id}/odds page). */
export type RealizedOdds = {
  pack: { id: number; name: string; oddsCommitment: string };
  /** The canonical text of the pack's current commitment. */
  oddsText: string | null;
  /** The current odds first, then earlier ones, most pulls first. */
  periods: OddsPeriod[];
  openings: number;
  /** What the openings paid, and the buyback offers made with their pulls, in cents. */
  paidCents: number;
  buybackOfferedCents: number;
};

const zeroCounts = () =>
  Object.fromEntries(RARITIES.map((r) => [r, 0])) as Record<CardRarity, number>;

/**
 * Stated against realized rarity odds of pack `packId`, active or retired, over all its
 * openings (docs/decisions/016-odds-commitment.md): the openings are grouped by the rarity
 * odds of the commitment they were drawn under, each group tested with Pearson's chi-square
 * against its odds; and the buyback offered against the price paid (the realized return to
 * player of the buyback, if every pull were sold back).
 * @returns null for an unknown pack.
 */
export async function realizedOdds(ctx: Ctx, packId: number): Promise<RealizedOdds | null> {
  const [pack] = await ctx.db
    .select({ id: packs.id, name: packs.name, oddsCommitment: packs.oddsCommitment })
    .from(packs)
    .where(eq(packs.id, packId));
  if (!pack) return null;
  const rows = await ctx.db
    .select({
      commitment: packOpenings.oddsCommitment,
      rarity: userCards.rarity,
      n: sql<number>`count(*)::int`,
      paid: sql<string>`sum(${packOpenings.pricePaidCents})`,
      buyback: sql<string>`coalesce(sum(${firstBuybackOffer(packOpenings.cardId)}), 0)`,
    })
    .from(packOpenings)
    .innerJoin(userCards, eq(userCards.id, packOpenings.cardId))
    .where(eq(packOpenings.packId, packId))
    .groupBy(packOpenings.oddsCommitment, userCards.rarity);
  const texts = await oddsTextsOf(ctx.db, [
    pack.oddsCommitment,
    ...new Set(rows.map((r) => r.commitment)),
  ]);
  const periods = new Map<string, OddsPeriod>();
  const periodOf = (commitment: string): OddsPeriod | null => {
    const text = texts[commitment];
    if (!text) return null;
    const statedBp = parseOddsText(text).oddsBp;
    const key = RARITIES.map((r) => statedBp[r]).join("/");
    let period = periods.get(key);
    if (!period) {
      period = {
        statedBp,
        commitments: [],
        current: false,
        counts: zeroCounts(),
        total: 0,
        fit: null,
      };
      periods.set(key, period);
    }
    if (!period.commitments.includes(commitment)) period.commitments.push(commitment);
    if (commitment === pack.oddsCommitment) period.current = true;
    return period;
  };
  periodOf(pack.oddsCommitment);
  let openings = 0;
  let paidCents = 0;
  let buybackOfferedCents = 0;
  for (const row of rows) {
    openings += row.n;
    paidCents += Number(row.paid);
    buybackOfferedCents += Number(row.buyback);
    const period = periodOf(row.commitment);
    if (!period) continue;
    period.counts[row.rarity] += row.n;
    period.total += row.n;
  }
  for (const period of periods.values()) {
    period.fit = goodnessOfFit(
      RARITIES.map((r) => period.counts[r]),
      RARITIES.map((r) => period.statedBp[r] / 10_000),
    );
  }
  return {
    pack,
    oddsText: texts[pack.oddsCommitment] ?? null,
    periods: [...periods.values()].sort(
      (a, b) => Number(b.current) - Number(a.current) || b.total - a.total,
    ),
    openings,
    paidCents,
    buybackOfferedCents,
  };
}
