import { sql } from "drizzle-orm";

import type { Ctx } from "../context";
import { preparedSql, queryPrepared } from "../db/prepared";

import type { CardRarity } from "~/lib/domain/rarity";
import type { Cents } from "~/lib/money";
import type { Grader } from "~/lib/slabs";

type Tx = Parameters<Parameters<Ctx["db"]["transaction"]>[0]>[0];

/** A slab claimed by an opening, with its card and where the draw found it. */
export type ClaimedSlab = {
  id: number;
  /** Its catalogue card (the card page /cards/{cardId}). */
  cardId: number;
  grader: Grader;
  cert: string;
  grade: number;
  fmvCents: Cents;
  frontImageUrl: string | null;
  backImageUrl: string | null;
  name: string;
  setName: string;
  number: string;
  variant: string;
  year: number;
  /** The index the roll picked among the tier's slabs left, and how many were left. */
  slabIndex: number;
  tierSize: number;
  /** Whether the slab at that index was taken by a concurrent opening, so the next was claimed. */
  shifted: boolean;
};

/** "1999 Pokemon Base Set #4 Holo": a slab's card as its description reads. */
export function slabDescription(
  slab: Pick<ClaimedSlab, "year" | "setName" | "number" | "variant">,
) {
  return [`${slab.year} ${slab.setName} #${slab.number}`, slab.variant].filter(Boolean).join(" ");
}

type ClaimParam = "packId" | "tier" | "slabWord" | "now";

/** {@link claimSlab}'s statement, built once (docs/decisions/058-opening-statements-built-once.md). */
const claim = preparedSql(["packId", "tier", "slabWord", "now"], (v) => {
  const inTier = sql`pack_id = ${v.packId}::int AND state = 'in_pool' AND pool_tier = ${v.tier}`;
  return sql`
    WITH tier AS (
      SELECT count(*)::int AS n FROM slabs WHERE ${inTier}
    ), target AS (
      SELECT tier.n, k.rn, t.id
      FROM tier,
        LATERAL (SELECT floor(${v.slabWord}::numeric * tier.n / 4294967296)::int AS rn) k,
        LATERAL (SELECT id FROM slabs WHERE ${inTier} ORDER BY id OFFSET k.rn LIMIT 1) t
    ), from_target AS (
      SELECT id FROM slabs WHERE ${inTier} AND id >= (SELECT id FROM target)
      ORDER BY id LIMIT 1
      FOR UPDATE SKIP LOCKED
    ), wrapped AS (
      SELECT id FROM slabs
      WHERE NOT EXISTS (SELECT 1 FROM from_target) AND ${inTier}
        AND id < (SELECT id FROM target)
      ORDER BY id LIMIT 1
      FOR UPDATE SKIP LOCKED
    ), pick AS (
      SELECT id FROM from_target UNION ALL SELECT id FROM wrapped
    )
    UPDATE slabs s SET state = 'owned', pack_id = NULL, pool_tier = NULL,
      updated_at = ${v.now}::timestamptz
    FROM pick, target, cards c
    WHERE s.id = pick.id AND c.id = s.card_id
    RETURNING s.id, s.card_id, s.grader, s.cert, s.grade, s.fmv_cents, s.front_image_url, s.back_image_url,
      c.name, c.set_name, c.number, c.variant, c.year, target.rn AS slab_index,
      target.n AS tier_size, s.id <> target.id AS shifted`;
});

type ClaimRow = {
  id: number;
  card_id: number;
  grader: Grader;
  cert: string;
  grade: string;
  fmv_cents: string;
  front_image_url: string | null;
  back_image_url: string | null;
  name: string;
  set_name: string;
  number: string;
  variant: string;
  year: number;
  slab_index: number;
  tier_size: number;
  shifted: boolean;
};

/**
 * Claims the slab an opening pulls from tier `tier` of pack `packId`'s pool
 * (docs/decisions/037-slab-within-a-tier.md), in one statement: the tier's slabs left, in
 * ascending id (the canonical order), are counted (n) and the one at index
 * floor(`slabWord` x n / 2^32) is the target; the first of them from the target on that no
 * other opening holds, or failing that the first before it (wrapping to the lowest id), is
 * locked (`FOR UPDATE SKIP LOCKED`, each an index range scan that stops at the first free
 * slab) and moved from `in_pool` to `owned`, so two openings never take one slab and none
 * waits for another.
 * Its history row is written by the slabs trigger. The caller's transaction then pays for it or
 * rolls back, which puts it back in the pool.
 * @returns the slab with its card, or null when the tier has none left that is free.
 */
export async function claimSlab(
  tx: Tx,
  o: { packId: number; tier: CardRarity; slabWord: number; now: Date },
): Promise<ClaimedSlab | null> {
  const [row] = await queryPrepared<ClaimRow, ClaimParam>(tx, claim, {
    packId: o.packId,
    tier: o.tier,
    slabWord: o.slabWord,
    now: o.now.toISOString(),
  });
  if (!row) return null;
  return {
    id: row.id,
    cardId: row.card_id,
    grader: row.grader,
    cert: row.cert,
    grade: Number(row.grade),
    fmvCents: Number(row.fmv_cents),
    frontImageUrl: row.front_image_url,
    backImageUrl: row.back_image_url,
    name: row.name,
    setName: row.set_name,
    number: row.number,
    variant: row.variant,
    year: row.year,
    slabIndex: row.slab_index,
    tierSize: row.tier_size,
    shifted: row.shifted,
  };
}
