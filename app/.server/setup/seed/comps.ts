import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { queryRows } from "../../db/rows";
import { comps } from "../../db/schema";
import { recomputeCardValuesIn } from "../../value/recompute";
import type { Grader } from "~/lib/slabs";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

const DAY_MS = 86_400_000;

/** The outside sources seeded comps name. */
const SOURCES = ["eBay", "Goldin", "PWCC", "Heritage"] as const;

/** A deterministic number in [0, 1) for the integers `a`, `b` (a small integer hash). */
function unit(a: number, b: number): number {
  let h = (a * 374_761_393 + b * 668_265_263) | 0;
  h = Math.imul(h ^ (h >>> 13), 1_274_126_177);
  return ((h ^ (h >>> 16)) >>> 0) / 2 ** 32;
}

/**
 * Seeds a comp history for the seeded slabs' cards (docs/product/value.md "Comps"), then their
 * values, in the caller's transaction, so a fresh start has charts and estimates. Deterministic
 * for a given `now`: cards in id order; every seventh card gets no comps ("No estimate yet"),
 * the one before it three old ones (a low confidence); every other card, for its one or two
 * most common grader + grade, 4 to 20 sales over the last year around its slabs' FMV (0.85-1.15
 * x, drifting up 10 % over the year), one in 25 an outlier at 2.5 x (trimmed by the estimator).
 * @returns how many comps it wrote.
 */
export async function seedComps(tx: Tx, now: Date): Promise<number> {
  const grades = await queryRows<{
    card_id: number;
    grader: Grader;
    grade: number;
    fmv: string | number;
  }>(
    tx,
    sql`
      SELECT card_id, grader, grade::float8 AS grade, round(avg(fmv_cents))::bigint AS fmv, count(*) AS n
      FROM slabs GROUP BY card_id, grader, grade ORDER BY card_id, n DESC, grader, grade`,
  );
  const byCard = new Map<number, typeof grades>();
  for (const g of grades) byCard.set(g.card_id, [...(byCard.get(g.card_id) ?? []), g]);
  const rows: (typeof comps.$inferInsert)[] = [];
  const cardIds = [...byCard.keys()].sort((a, b) => a - b);
  cardIds.forEach((cardId, i) => {
    if (i % 7 === 6) return;
    const few = i % 7 === 5;
    byCard
      .get(cardId)!
      .slice(0, few ? 1 : 2)
      .forEach((g, k) => {
        const n = few ? 3 : 4 + Math.floor(unit(cardId, k) * 17);
        for (let j = 0; j < n; j++) {
          const r = unit(cardId * 31 + k, j);
          const daysAgo = few ? 200 + j * 30 : Math.floor(unit(j, cardId + k) * 365);
          const drift = 1 - (0.1 * daysAgo) / 365;
          const outlier = !few && j % 25 === 24 ? 2.5 : 1;
          const priceCents = Math.max(
            100,
            Math.round(Number(g.fmv) * (0.85 + 0.3 * r) * drift * outlier),
          );
          const soldAt = new Date(now.getTime() - daysAgo * DAY_MS - j * 3_600_000);
          const source = SOURCES[(cardId + j) % SOURCES.length]!;
          rows.push({
            cardId,
            grader: g.grader,
            grade: g.grade,
            priceCents,
            soldAt,
            source,
            url: null,
            importKey: `seed|${cardId}|${g.grader}|${g.grade}|${j}`,
          });
        }
      });
  });
  for (let at = 0; at < rows.length; at += 1_000) {
    await tx.insert(comps).values(rows.slice(at, at + 1_000));
  }
  await recomputeCardValuesIn({ db: tx, now: () => now, afterCommit: () => {} }, cardIds);
  return rows.length;
}
