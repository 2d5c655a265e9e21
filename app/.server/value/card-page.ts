import { and, asc, count, desc, eq, ne, notInArray, sql } from "drizzle-orm";
import type { Ctx } from "../context";
import { cardValues, cards, comps, listings, slabs, transactions, userCards } from "../db/schema";
import type { CardRarity } from "~/lib/domain/rarity";
import type { Cents } from "~/lib/money";
import type { Grader } from "~/lib/slabs";
import {
  gradeKey,
  type CompPoint,
  type GradeHistory,
  type GradeValue,
  type PricePoint,
} from "~/lib/value/card-value";

/** How many of a card's newest sales its page lists in full (source, link, reason). */
export const RECENT_SALES = 10;

/** A catalogue card's value page (/cards/:id). */
export type CardPage = {
  card: {
    id: number;
    name: string;
    setName: string;
    number: string;
    year: number;
    variant: string;
    category: string;
    imageUrl: string | null;
  };
  /** One of the vault's slabs of it (for the picture), or null when PackVault holds none. */
  sampleSlab: { grader: Grader; cert: string; grade: number; rarity: CardRarity } | null;
  /** Current values per grader and grade, best grade first. */
  values: GradeValue[];
  /**
   * Every comp as a chart point, per grader and grade (grades in the order of their first sale),
   * excluded ones included with their reason.
   */
  history: GradeHistory[];
  /** The {@link RECENT_SALES} newest comps in full, newest first. */
  recent: CompPoint[];
  /** Slabs of it in the vault per grader and grade (not redeemed or written off). */
  population: { grader: Grader; grade: number; slabs: number }[];
  /** Active marketplace listings of its slabs, cheapest first. */
  listings: { id: number; title: string; priceCents: Cents; grader: Grader; grade: number }[];
};

/** What a chart point is made of (and the start of a full comp). */
const pointColumns = {
  grader: comps.grader,
  grade: comps.grade,
  priceCents: comps.priceCents,
  soldAt: comps.soldAt,
  excludedReason: comps.excludedReason,
};

/**
 * A catalogue card's value page (docs/product/value.md "A card's page"): its identity, its
 * values per grader and grade, every comp as a chart point (excluded ones with their reason), the
 * newest comps in full, the vault's population per grade and the active listings of its slabs.
 * The chart's points are all a page carries of older sales: a card with many sales stays a
 * small page (docs/decisions/051-card-page-weight.md). Public: no actor needed.
 * @returns null for an unknown card.
 */
export async function loadCardPage(ctx: Pick<Ctx, "db">, cardId: number): Promise<CardPage | null> {
  const [card] = await ctx.db
    .select({
      id: cards.id,
      name: cards.name,
      setName: cards.setName,
      number: cards.number,
      year: cards.year,
      variant: cards.variant,
      category: cards.category,
      imageUrl: cards.imageUrl,
    })
    .from(cards)
    .where(eq(cards.id, cardId));
  if (!card) return null;
  const held = notInArray(slabs.state, ["redeemed", "written_off"]);
  const [values, points, recent, population, listed] = await Promise.all([
    ctx.db
      .select({
        grader: cardValues.grader,
        grade: cardValues.grade,
        fmvCents: cardValues.fmvCents,
        confidence: cardValues.confidence,
        compCount: cardValues.compCount,
        lastCompAt: cardValues.lastCompAt,
        basis: cardValues.basis,
      })
      .from(cardValues)
      .where(eq(cardValues.cardId, cardId))
      .orderBy(desc(cardValues.grade), asc(cardValues.grader)),
    ctx.db
      .select(pointColumns)
      .from(comps)
      .where(eq(comps.cardId, cardId))
      .orderBy(asc(comps.soldAt), asc(comps.id)),
    ctx.db
      .select({
        ...pointColumns,
        id: comps.id,
        source: comps.source,
        url: comps.url,
        listingId: transactions.listingId,
      })
      .from(comps)
      .leftJoin(transactions, eq(transactions.id, comps.transactionId))
      .where(eq(comps.cardId, cardId))
      .orderBy(desc(comps.soldAt), desc(comps.id))
      .limit(RECENT_SALES),
    ctx.db
      .select({ grader: slabs.grader, grade: slabs.grade, slabs: count() })
      .from(slabs)
      .where(and(eq(slabs.cardId, cardId), held))
      .groupBy(slabs.grader, slabs.grade)
      .orderBy(desc(slabs.grade), asc(slabs.grader)),
    ctx.db
      .select({
        id: listings.id,
        title: listings.title,
        priceCents: listings.priceCents,
        grader: slabs.grader,
        grade: slabs.grade,
      })
      .from(listings)
      .innerJoin(userCards, eq(userCards.id, listings.cardId))
      .innerJoin(slabs, eq(slabs.id, userCards.slabId))
      .where(and(eq(slabs.cardId, cardId), eq(listings.status, "active")))
      .orderBy(asc(listings.priceCents), asc(listings.id)),
  ]);
  const [sample] = await ctx.db
    .select({
      grader: slabs.grader,
      cert: slabs.cert,
      grade: slabs.grade,
      rarity: sql<CardRarity>`coalesce(${slabs.poolTier}, ${userCards.rarity}, 'common')`,
    })
    .from(slabs)
    .leftJoin(userCards, and(eq(userCards.slabId, slabs.id), ne(userCards.status, "sold")))
    .where(and(eq(slabs.cardId, cardId), held))
    .orderBy(desc(slabs.grade), asc(slabs.id))
    .limit(1);
  return {
    card,
    sampleSlab: sample ?? null,
    values,
    history: byGrade(points),
    recent,
    population,
    listings: listed,
  };
}

/** Comps, oldest first, as chart points per grader and grade (grades by their first sale). */
function byGrade(rows: Pick<CompPoint, keyof typeof pointColumns>[]): GradeHistory[] {
  const grades = new Map<string, PricePoint[]>();
  for (const c of rows) {
    const key = gradeKey(c.grader, c.grade);
    const point: PricePoint =
      c.excludedReason === null
        ? [c.soldAt.getTime(), c.priceCents]
        : [c.soldAt.getTime(), c.priceCents, c.excludedReason];
    const points = grades.get(key);
    if (points) points.push(point);
    else grades.set(key, [point]);
  }
  return [...grades].map(([grade, points]) => ({ grade, points }));
}
