import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { oddsCommitments, packOpenings, packs } from "../db/schema";
import { drawRulesOf, type DrawPack } from "~/lib/fairness";
import { canonicalOddsText, oddsCommitmentOf } from "~/lib/odds-commitment";

type Tx = Pick<Database, "insert" | "select" | "update">;

/**
 * Records the odds commitment of `pack` as it stands (price, odds, card names, with the draw's
 * constants; docs/decisions/016-odds-commitment.md): its canonical text is kept in
 * odds_commitments (once: the table is content-addressed) and its hash returned, to be written
 * on the pack row in the same transaction (`tx.db`) as the fields it commits to. Every writer of a
 * pack's price, odds or names calls it.
 * @returns the commitment, 64 lowercase hex characters.
 */
export async function recordOdds(tx: { db: Tx }, pack: DrawPack): Promise<string> {
  const canonicalText = canonicalOddsText(drawRulesOf(pack));
  const commitment = await oddsCommitmentOf(canonicalText);
  await tx.db.insert(oddsCommitments).values({ commitment, canonicalText }).onConflictDoNothing();
  return commitment;
}

/** The canonical text of a recorded commitment, or null when there is none. */
export async function oddsTextOf(db: Pick<Database, "select">, commitment: string) {
  const [row] = await db
    .select({ canonicalText: oddsCommitments.canonicalText, createdAt: oddsCommitments.createdAt })
    .from(oddsCommitments)
    .where(eq(oddsCommitments.commitment, commitment));
  return row ?? null;
}

/** The canonical texts of `commitments`, by commitment (unknown ones left out). */
export async function oddsTextsOf(
  db: Pick<Database, "select">,
  commitments: string[],
): Promise<Record<string, string>> {
  if (commitments.length === 0) return {};
  const rows = await db
    .select({ commitment: oddsCommitments.commitment, text: oddsCommitments.canonicalText })
    .from(oddsCommitments)
    .where(inArray(oddsCommitments.commitment, commitments));
  return Object.fromEntries(rows.map((row) => [row.commitment, row.text]));
}

/** An active pack's odds commitment in force, as /fairness lists it. */
export type PublishedOdds = { packId: number; packName: string; oddsCommitment: string };

/** The odds commitment in force of every active pack, cheapest first. */
export async function publishedOdds(db: Pick<Database, "select">): Promise<PublishedOdds[]> {
  return db
    .select({ packId: packs.id, packName: packs.name, oddsCommitment: packs.oddsCommitment })
    .from(packs)
    .where(eq(packs.isActive, true))
    .orderBy(asc(packs.priceCents), asc(packs.id));
}

const jsonb = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/**
 * Brings every stored commitment in line with what it commits to; runs right after the
 * migrations (app/.server/setup/migrate.ts), idempotent, safe on several instances at once:
 * - a pack whose commitment is not the one of its current price, odds and names (a row written
 *   before commitments existed, by a SQL data migration, or by hand; or the draw's constants
 *   changed in code) gets the right one, recorded;
 * - an opening without one (made before commitments existed) gets the commitment of the price,
 *   odds and names it stored when it was drawn.
 * Each update names the values it computed from, so a concurrent edit is never overwritten.
 * @returns how many packs and openings it changed.
 */
export async function syncOddsCommitments(
  db: Database,
): Promise<{ packs: number; openings: number }> {
  let packsFixed = 0;
  let openingsFixed = 0;
  const rows = await db
    .select({
      id: packs.id,
      priceCents: packs.priceCents,
      rarityDistribution: packs.rarityDistribution,
      cardNames: packs.cardNames,
      oddsCommitment: packs.oddsCommitment,
    })
    .from(packs);
  for (const pack of rows) {
    await db.transaction(async (tx) => {
      const commitment = await recordOdds({ db: tx }, pack);
      if (commitment === pack.oddsCommitment) return;
      const updated = await tx
        .update(packs)
        .set({ oddsCommitment: commitment })
        .where(
          and(
            eq(packs.id, pack.id),
            eq(packs.priceCents, pack.priceCents),
            sql`${packs.rarityDistribution} = ${jsonb(pack.rarityDistribution)}`,
            sql`${packs.cardNames} = ${jsonb(pack.cardNames)}`,
          ),
        )
        .returning({ id: packs.id });
      packsFixed += updated.length;
    });
  }
  const drawnWith = await db
    .selectDistinct({
      priceCents: packOpenings.pricePaidCents,
      rarityDistribution: packOpenings.rarityDistribution,
      cardNames: packOpenings.cardNames,
    })
    .from(packOpenings)
    .where(eq(packOpenings.oddsCommitment, ""));
  for (const pack of drawnWith) {
    await db.transaction(async (tx) => {
      const commitment = await recordOdds({ db: tx }, pack);
      const updated = await tx
        .update(packOpenings)
        .set({ oddsCommitment: commitment })
        .where(
          and(
            eq(packOpenings.oddsCommitment, ""),
            eq(packOpenings.pricePaidCents, pack.priceCents),
            sql`${packOpenings.rarityDistribution} = ${jsonb(pack.rarityDistribution)}`,
            sql`${packOpenings.cardNames} = ${jsonb(pack.cardNames)}`,
          ),
        )
        .returning({ id: packOpenings.id });
      openingsFixed += updated.length;
    });
  }
  return { packs: packsFixed, openings: openingsFixed };
}
