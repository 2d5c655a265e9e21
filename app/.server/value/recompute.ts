import { and, asc, eq, gt, inArray, isNull, ne, sql } from "drizzle-orm";
import { inTransaction, type Ctx, type TxCtx } from "../context";
import { cardValues, cards, comps, slabs } from "../db/schema";
import { invalidatePagesAfterCommit } from "../page-cache/invalidation";
import { pageTags } from "~/lib/page-cache";
import type { Grader } from "~/lib/slabs";
import { estimateValue, type EstimatorComp } from "~/lib/value/estimate";

/** Cards per transaction of a full recompute. */
const FULL_BATCH = 500;

/** What a recompute did. */
export type RecomputeReport = { cards: number; values: number; slabsMoved: number };

/**
 * Recomputes the values of `cardIds` from their comps (docs/product/value.md "When values
 * change"), in the caller's transaction: for each card, every grader + grade that has a comp
 * or a slab is estimated with {@link estimateValue} at `tx.now()` (excluded comps left out);
 * the cards' `card_values` rows are replaced by the estimates (no row: no estimate); then each
 * of their slabs follows its grade's value, unless staff pinned its FMV or it sits in a pack's
 * pool (a pooled slab keeps the value it was admitted to its tier with, docs/decisions/042).
 */
export async function recomputeCardValuesIn(
  tx: Pick<TxCtx, "db" | "now" | "afterCommit">,
  cardIds: readonly number[],
): Promise<RecomputeReport> {
  if (cardIds.length === 0) return { cards: 0, values: 0, slabsMoved: 0 };
  const now = tx.now();
  const [compRows, slabGrades] = await Promise.all([
    tx.db
      .select({
        cardId: comps.cardId,
        grader: comps.grader,
        grade: comps.grade,
        priceCents: comps.priceCents,
        soldAt: comps.soldAt,
      })
      .from(comps)
      .where(and(inArray(comps.cardId, [...cardIds]), isNull(comps.excludedAt))),
    tx.db
      .selectDistinct({ cardId: slabs.cardId, grader: slabs.grader, grade: slabs.grade })
      .from(slabs)
      .where(inArray(slabs.cardId, [...cardIds])),
  ]);
  const byCard = new Map<number, EstimatorComp[]>();
  const targets = new Map<number, Map<string, { grader: Grader; grade: number }>>();
  const target = (cardId: number, grader: Grader, grade: number) => {
    const grades = targets.get(cardId) ?? new Map();
    grades.set(`${grader}:${grade}`, { grader, grade });
    targets.set(cardId, grades);
  };
  for (const c of compRows) {
    const list = byCard.get(c.cardId) ?? [];
    list.push(c);
    byCard.set(c.cardId, list);
    target(c.cardId, c.grader, c.grade);
  }
  for (const s of slabGrades) target(s.cardId, s.grader, s.grade);
  const rows: (typeof cardValues.$inferInsert)[] = [];
  for (const [cardId, grades] of targets) {
    const cardComps = byCard.get(cardId) ?? [];
    if (cardComps.length === 0) continue;
    for (const { grader, grade } of grades.values()) {
      const estimate = estimateValue(cardComps, grader, grade, now);
      if (estimate) rows.push({ cardId, grader, grade, ...estimate, computedAt: now });
    }
  }
  await tx.db.delete(cardValues).where(inArray(cardValues.cardId, [...cardIds]));
  for (let at = 0; at < rows.length; at += 1_000) {
    await tx.db.insert(cardValues).values(rows.slice(at, at + 1_000));
  }
  const moved = await tx.db
    .update(slabs)
    .set({ fmvCents: sql`${cardValues.fmvCents}`, updatedAt: now })
    .from(cardValues)
    .where(
      and(
        inArray(slabs.cardId, [...cardIds]),
        eq(cardValues.cardId, slabs.cardId),
        eq(cardValues.grader, slabs.grader),
        eq(cardValues.grade, slabs.grade),
        isNull(slabs.fmvPinnedAt),
        ne(slabs.state, "in_pool"),
        ne(slabs.fmvCents, cardValues.fmvCents),
      ),
    )
    .returning({ id: slabs.id });
  invalidatePagesAfterCommit(
    tx,
    cardIds.map((id) => pageTags.card(id)),
  );
  return { cards: cardIds.length, values: rows.length, slabsMoved: moved.length };
}

/**
 * Recomputes one card's values in a transaction of its own (the `value.recompute-card` job,
 * enqueued with every comp added or excluded). See {@link recomputeCardValuesIn}.
 */
export function recomputeCardValues(ctx: Ctx, cardId: number): Promise<RecomputeReport> {
  return inTransaction(ctx, (tx) => recomputeCardValuesIn(tx, [cardId]));
}

/**
 * Recomputes every card's values (the nightly `value.recompute-all` job: comps age, so values
 * and confidences move even without new sales), {@link FULL_BATCH} cards per transaction in
 * ascending id. See {@link recomputeCardValuesIn}.
 */
export async function recomputeAllValues(ctx: Ctx): Promise<RecomputeReport> {
  const total: RecomputeReport = { cards: 0, values: 0, slabsMoved: 0 };
  let after = 0;
  for (;;) {
    const batch = await ctx.db
      .select({ id: cards.id })
      .from(cards)
      .where(gt(cards.id, after))
      .orderBy(asc(cards.id))
      .limit(FULL_BATCH);
    if (batch.length === 0) return total;
    const report = await inTransaction(ctx, (tx) =>
      recomputeCardValuesIn(
        tx,
        batch.map((c) => c.id),
      ),
    );
    total.cards += report.cards;
    total.values += report.values;
    total.slabsMoved += report.slabsMoved;
    after = batch[batch.length - 1]!.id;
  }
}
