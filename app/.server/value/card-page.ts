import { and, asc, count, desc, eq, min, ne, notInArray, sql } from "drizzle-orm";
import type { Ctx } from "../context";
import { cardValues, cards, comps, listings, slabs, transactions, userCards } from "../db/schema";
import { SLAB_HEIGHT, SLAB_WIDTH, slabAltText, slabImageUrl } from "~/lib/art/slab-card";
import type { CardRarity } from "~/lib/domain/rarity";
import type { Cents } from "~/lib/money";
import type { Grader } from "~/lib/slabs";
import { compPointColumns } from "./comps";
import { gradeKey, type CompPoint, type GradeSales, type GradeValue } from "~/lib/value/card-value";

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
  };
  /** What the page shows of it: {@link CardPicture}, or null when there is nothing to show. */
  picture: CardPicture | null;
  /** Current values per grader and grade, best grade first. */
  values: GradeValue[];
  /**
   * How many comps count and how many are excluded, per grader and grade (grades in the order of
   * their first sale): the chart's grade buttons and caption. The points come with the chart
   * (`loadPriceHistory`, price-history.ts).
   */
  grades: GradeSales[];
  /** The {@link RECENT_SALES} newest comps in full, newest first. */
  recent: CompPoint[];
  /** Slabs of it in the vault per grader and grade (not redeemed or written off). */
  population: { grader: Grader; grade: number; slabs: number }[];
  /** Active marketplace listings of its slabs, cheapest first. */
  listings: { id: number; title: string; priceCents: Cents; grader: Grader; grade: number }[];
};

/**
 * A card page's picture, ready for an `<img>`: the card's own image (alt: its name), else one of
 * the vault's slabs of it drawn as a slab (the best grade; alt names grade, grader and cert,
 * with the drawing's width and height in pixels). Built here so that the page's code carries
 * no slab drawing (docs/decisions/056-card-page-per-hit.md).
 */
export type CardPicture = { src: string; alt: string; width?: number; height?: number };

/**
 * A catalogue card's value page (docs/product/value.md "A card's page"): its identity, its
 * values per grader and grade, its sales counted per grade, the newest comps in full, the vault's
 * population per grade and the active listings of its slabs. Older sales reach the page only as
 * chart points, fetched with the chart (`loadPriceHistory`): a card with many sales stays a
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
  const [values, grades, recent, population, listed, [sample]] = await Promise.all([
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
      .select({
        grader: comps.grader,
        grade: comps.grade,
        counted: sql<number>`count(*) filter (where ${comps.excludedReason} is null)`.mapWith(
          Number,
        ),
        excluded: sql<number>`count(${comps.excludedReason})`.mapWith(Number),
      })
      .from(comps)
      .where(eq(comps.cardId, cardId))
      .groupBy(comps.grader, comps.grade)
      .orderBy(min(comps.soldAt), min(comps.id)),
    ctx.db
      .select({
        ...compPointColumns,
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
    ctx.db
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
      .limit(1),
  ]);
  const { imageUrl, ...identity } = card;
  return {
    card: identity,
    picture: imageUrl
      ? { src: imageUrl, alt: card.name }
      : sample
        ? slabPicture({ ...sample, name: card.name, category: card.category })
        : null,
    values,
    grades: grades.map(({ grader, grade, counted, excluded }) => ({
      grade: gradeKey(grader, grade),
      counted,
      excluded,
    })),
    recent,
    population,
    listings: listed,
  };
}

/** A slab of the card drawn (the names cut to what the drawing holds). */
function slabPicture(slab: {
  name: string;
  category: string;
  grader: Grader;
  cert: string;
  grade: number;
  rarity: CardRarity;
}): CardPicture {
  const drawn = { ...slab, name: slab.name.slice(0, 40), category: slab.category.slice(0, 30) };
  return {
    src: slabImageUrl(drawn),
    alt: slabAltText(drawn),
    width: SLAB_WIDTH,
    height: SLAB_HEIGHT,
  };
}

/**
 * One of a card's newest sales as its page's "Recent sales" list shows it, and no more: the page
 * is served from the page cache, and each field of each row is in every hit twice (the markup
 * and the loader data; docs/decisions/056-card-page-per-hit.md). Absent keys are absent values.
 */
export type SaleRow = {
  id: number;
  /** The grader and grade, as `gradeKey` says them. */
  grade: string;
  priceCents: Cents;
  /** When it sold, milliseconds since the epoch. */
  at: number;
  source: string;
  /** The marketplace listing it sold on (a PackVault sale). */
  listingId?: number;
  /** The outside sale's page. */
  url?: string;
  /** The staff's reason, once it is excluded. */
  excludedReason?: string;
};

/** The page's rows of the newest comps ({@link CardPage}'s `recent`), in their order. */
export function saleRows(recent: CompPoint[]): SaleRow[] {
  return recent.map((comp) => {
    const row: SaleRow = {
      id: comp.id,
      grade: gradeKey(comp.grader, comp.grade),
      priceCents: comp.priceCents,
      at: comp.soldAt.getTime(),
      source: comp.source,
    };
    if (comp.listingId !== null) row.listingId = comp.listingId;
    if (comp.url) row.url = comp.url;
    if (comp.excludedReason !== null) row.excludedReason = comp.excludedReason;
    return row;
  });
}
