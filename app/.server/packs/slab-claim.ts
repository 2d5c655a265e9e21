import { sql, type SQL } from "drizzle-orm";

import type { SqlValue } from "../db/prepared";

import type { CardRarity } from "~/lib/domain/rarity";
import type { Cents } from "~/lib/money";
import type { Grader } from "~/lib/slabs";

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

/**
 * Where a claim starts: the index the draw picked among the tier's `size` slabs left and the id
 * of the slab at that index, as a batch's list of the tier found them (`TierLists`,
 * docs/decisions/065-pack-openings-committed-in-batches.md).
 */
export type ListedTarget = {
  id: SqlValue<number>;
  index: SqlValue<number>;
  size: SqlValue<number>;
};

/**
 * The CTEs that claim the slab an opening pulls from tier `tier` of pack `packId`'s pool
 * (docs/decisions/037-slab-within-a-tier.md), for the opening's record to fold into its one
 * statement (docs/decisions/061-opening-record-built-once.md). The target: with `slabWord`, the
 * tier's slabs left, in ascending id (the canonical order), are counted (n) and the one at index
 * floor(`slabWord` x n / 2^32) is it; with `listed`, the caller counted and indexed them on its
 * list of the tier (a batch, docs/decisions/065-pack-openings-committed-in-batches.md). From
 * the target on, the first slab of the tier left that no other opening holds, or failing that
 * the first before it (wrapping to the lowest id), is locked (`FOR UPDATE SKIP LOCKED`, each an
 * index range scan that stops at the first free slab) and moved from `in_pool` to `owned`, so
 * two openings never take one slab and none waits for another. The last CTE, `claimed`, returns
 * the slab with its card ({@link ClaimRow} columns, and `description`: "1999 Pokemon Base Set
 * #4 Holo", the variant left out when empty), or no row when the tier has no free slab left. Its
 * history row is written by the slabs trigger; the caller's transaction pays for it or rolls
 * back, which puts it back. The values may be placeholders of a statement built once
 * (`preparedSql`).
 */
export function claimSlabSql(
  v: { packId: SqlValue<number>; tier: SqlValue<CardRarity>; now: SqlValue<string> } & (
    { slabWord: SqlValue<number> } | { listed: ListedTarget }
  ),
): SQL {
  const inTier = sql`pack_id = ${v.packId}::int AND state = 'in_pool' AND pool_tier = ${v.tier}`;
  const target =
    "listed" in v
      ? sql`target AS (
      SELECT ${v.listed.size}::int AS n, ${v.listed.index}::int AS rn, ${v.listed.id}::int AS id
    )`
      : sql`tier AS (
      SELECT count(*)::int AS n FROM slabs WHERE ${inTier}
    ), target AS (
      SELECT tier.n, k.rn, t.id
      FROM tier,
        LATERAL (SELECT floor(${v.slabWord}::numeric * tier.n / 4294967296)::int AS rn) k,
        LATERAL (SELECT id FROM slabs WHERE ${inTier} ORDER BY id OFFSET k.rn LIMIT 1) t
    )`;
  return sql`${target}, from_target AS (
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
    ), ${claimedSql({
      now: v.now,
      from: sql`pick, target`,
      where: sql`s.id = pick.id`,
      draw: sql`target.rn AS slab_index, target.n AS tier_size, s.id <> target.id AS shifted`,
    })}`;
}

/**
 * The CTEs that claim, for each opening of a batch recorded in one statement
 * (docs/decisions/066-a-batch-recorded-in-one-statement.md), exactly the slab its draw targeted
 * on the batch's list of its tier (`TierLists`), when that slab is still in tier `rarity` of
 * pack `packId`'s pool and no other transaction holds it (`FOR UPDATE SKIP LOCKED`, in
 * ascending id). `openings` names a relation (the statement's own CTE) with one row per
 * opening, each user at most once, and the columns `user_id`, `rarity`, `target_id`,
 * `target_index` and `tier_size`; `targetIds` are its targets again, as an array, which the
 * lock looks up by primary key. The last CTE, `claimed`, returns a row per slab claimed:
 * `user_id` and the {@link ClaimRow} columns, never shifted. An opening whose target another
 * transaction holds or took has no row: its caller claims for it alone ({@link claimSlabSql},
 * which may shift). The values may be placeholders of a statement built once (`preparedSql`).
 */
export function claimTargetsSql(v: {
  packId: SqlValue<number>;
  now: SqlValue<string>;
  openings: SQL;
  targetIds: SqlValue<number[]>;
}): SQL {
  return sql`pick AS (
      SELECT id FROM slabs
      WHERE id = ANY(${v.targetIds}::int[]) AND pack_id = ${v.packId}::int AND state = 'in_pool'
      ORDER BY id
      FOR UPDATE SKIP LOCKED
    ), ${claimedSql({
      now: v.now,
      from: sql`pick, ${v.openings} o`,
      where: sql`s.id = pick.id AND o.target_id = s.id AND s.pool_tier = o.rarity`,
      draw: sql`o.user_id, o.target_index AS slab_index, o.tier_size, false AS shifted`,
    })}`;
}

/**
 * The CTE `claimed`: moves the slabs `from` and `where` pick from `in_pool` to `owned` and
 * returns each with its card ({@link ClaimRow}) and the `draw` columns.
 */
function claimedSql(v: { now: SqlValue<string>; from: SQL; where: SQL; draw: SQL }): SQL {
  return sql`claimed AS (
      UPDATE slabs s SET state = 'owned', pack_id = NULL, pool_tier = NULL,
        updated_at = ${v.now}::timestamptz
      FROM ${v.from}, cards c
      WHERE ${v.where} AND c.id = s.card_id
      RETURNING s.id, s.card_id, s.grader, s.cert, s.grade, s.fmv_cents, s.front_image_url,
        s.back_image_url, c.name, c.set_name, c.number, c.variant, c.year,
        concat_ws(' ', c.year || ' ' || c.set_name || ' #' || c.number, nullif(c.variant, ''))
          AS description,
        ${v.draw}
    )`;
}

/** The columns of {@link claimSlabSql}'s `claimed`, as the driver returns them. */
export type ClaimRow = {
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
  description: string;
  slab_index: number;
  tier_size: number;
  shifted: boolean;
};

/** The slab a {@link ClaimRow} describes. */
export function claimedSlabOf(row: ClaimRow): ClaimedSlab {
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
