import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { cards, slabs } from "../../db/schema";
import { SEED_CARDS } from "./cards-data";
import { commitPool } from "../../policy/pool-commitment";
import type { CardRarity } from "~/lib/domain/rarity";
import { mulDivHalfUp, type Cents } from "~/lib/money";
import {
  RARITIES,
  VALUE_MULTIPLIER_BP,
  type PackCategory,
  type RarityDistribution,
} from "~/lib/packs";
import { GRADERS, poolCountsFor, type Grader } from "~/lib/slabs";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Slabs of each category the house keeps in stock, in no pool, on a fresh start. */
const HOUSE_STOCK_PER_CATEGORY = 6;

/** Cert bases per grader, so seeded certs look like each grader's (and never collide). */
const CERT_BASE: Record<Grader, number> = {
  PSA: 48_000_000,
  BGS: 12_000_000,
  CGC: 4_100_000_000,
  SGC: 1_700_000,
};

/** The seeded slab number `i`: grader, cert and grade on that grader's scale, deterministic. */
function slabIdentity(i: number): { grader: Grader; cert: string; grade: number } {
  const grader = GRADERS[i % GRADERS.length]!;
  // A gem mint 10 about one slab in twenty, as in a real vault; the rest 8-9.5.
  const grade = i % 20 === 19 ? 10 : grader === "PSA" ? 8 + (i % 2) : 8.5 + (i % 3) * 0.5;
  return { grader, cert: String(CERT_BASE[grader] + i * 13), grade };
}

/**
 * Seeds the card catalogue (every card of app/.server/setup/seed/cards-data.ts), the pools of
 * `seededPacks` (each pack's tiers filled for its `units` at its odds, every slab's FMV within
 * its tier's admission band, the pack's available count set to its pool's size) and a little
 * house stock per category, in the caller's transaction, each pool committed at
 * `poolsCommittedAt` (before the demo history's first opening). Deterministic: same rows every
 * time.
 */
export async function seedInventory(
  tx: Tx,
  seededPacks: {
    id: number;
    category: PackCategory;
    priceCents: Cents;
    units: number;
    rarityDistribution: RarityDistribution;
  }[],
  today: string,
  poolsCommittedAt: Date,
): Promise<void> {
  const catalogue = Object.entries(SEED_CARDS).flatMap(([category, byTier]) =>
    RARITIES.flatMap((tier) =>
      byTier[tier].map(([setName, number, name, year, variant]) => ({
        category,
        tier,
        row: { category, setName, number, name, year, variant: variant ?? "" },
      })),
    ),
  );
  const inserted = await tx
    .insert(cards)
    .values(catalogue.map((c) => c.row))
    .returning({ id: cards.id });
  const cardIds = new Map<string, number[]>();
  catalogue.forEach((c, i) => {
    const key = `${c.category}:${c.tier}`;
    cardIds.set(key, [...(cardIds.get(key) ?? []), inserted[i]!.id]);
  });

  let n = 0;
  const rows: (typeof slabs.$inferInsert)[] = [];
  const slab = (category: string, tier: CardRarity, priceCents: Cents, bin: string) => {
    const ids = cardIds.get(`${category}:${tier}`)!;
    const i = n++;
    // FMV 0.8-1.2 x the tier's multiplier x the price: inside the 0.7-1.3 admission band.
    const factorBp = 8_000 + ((i * 37) % 4_001);
    const fmvCents = mulDivHalfUp(priceCents, VALUE_MULTIPLIER_BP[tier] * factorBp, 100_000_000);
    return {
      cardId: ids[i % ids.length]!,
      ...slabIdentity(i),
      fmvCents,
      costCents: mulDivHalfUp(fmvCents, 7_000, 10_000),
      acquiredOn: today,
      bin,
    };
  };
  for (const pack of seededPacks) {
    if (pack.units === 0) continue;
    const counts = poolCountsFor(pack.units, pack.rarityDistribution);
    for (const tier of RARITIES) {
      for (let k = 0; k < counts[tier]; k++) {
        rows.push({
          ...slab(
            pack.category,
            tier,
            pack.priceCents,
            `P${pack.id}-${tier.slice(0, 1).toUpperCase()}`,
          ),
          state: "in_pool",
          packId: pack.id,
          poolTier: tier,
        });
      }
    }
  }
  for (const category of Object.keys(SEED_CARDS)) {
    for (let k = 0; k < HOUSE_STOCK_PER_CATEGORY; k++) {
      rows.push({
        ...slab(category, RARITIES[k % 2]!, 5_000, `H-${category.slice(0, 3).toUpperCase()}`),
        state: "house_stock",
        // Stock bought for $50 packs keeps its appraisal until staff unpin it, so the seeded
        // comps (which average every seeded slab of a card and grade) do not move it out of
        // those packs' bands (docs/product/value.md, "Slabs follow the estimate").
        fmvPinnedAt: poolsCommittedAt,
      });
    }
  }
  for (let at = 0; at < rows.length; at += 500) {
    await tx.insert(slabs).values(rows.slice(at, at + 500));
  }
  // A pack's available count is its pool's size.
  await tx.execute(sql`
    UPDATE packs p SET available_count = (
      SELECT count(*) FROM slabs s WHERE s.pack_id = p.id AND s.state = 'in_pool')
    WHERE p.id IN (${sql.join(
      seededPacks.map((pack) => sql`${pack.id}::int`),
      sql`, `,
    )})`);
  // Each pool as seeded is committed (docs/decisions/041-pool-commitment.md).
  for (const pack of seededPacks) {
    if (pack.units > 0) await commitPool({ db: tx }, pack.id, poolsCommittedAt);
  }
}
