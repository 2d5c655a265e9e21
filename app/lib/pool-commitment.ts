import { z } from "zod";
import { canonicalJson } from "./odds-commitment";
import { sha256Hex } from "./fairness";
import { RARITIES } from "./packs";
import { parseJsonAs } from "./parse-json-as";
import { GRADERS, type Grader } from "./slabs";
import type { CardRarity } from "~/lib/domain/rarity";

/**
 * Pool commitments (docs/decisions/041-pool-commitment.md): the canonical list of the slabs in
 * a pack's pool and its SHA-256, recorded each time an admin composes the pool and named by
 * every opening drawn from it. One implementation for the server, the browser verifier and
 * `npm run verify`.
 *
 * The canonical text is the JSON Canonicalization Scheme (RFC 8785, as for odds commitments:
 * keys sorted, no whitespace, integers only) of one object:
 *
 *   {"algorithm":"packvault-pool-v1","pack_id":7,"slabs":[
 *     {"cert":"10000001","fmv_cents":2000,"grade_tenths":90,"grader":"PSA","id":12,"tier":"common"},
 *     ...]}
 *
 * the slabs in ascending id, which is the canonical order the draw indexes within a tier
 * (docs/decisions/037-slab-within-a-tier.md). The commitment is the lowercase hex SHA-256 of
 * the text as UTF-8.
 */

/** The name and version of the format above; a verifier refuses names it does not know. */
export const POOL_ALGORITHM = "packvault-pool-v1";

/** One slab of a committed pool. Money in cents; the grade in tenths (9.5 -> 95). */
export type PoolSlab = {
  id: number;
  grader: Grader;
  cert: string;
  gradeTenths: number;
  tier: CardRarity;
  fmvCents: number;
};

/** What a pool commitment commits to: the pack and its pool's slabs in ascending id. */
export type CommittedPool = { packId: number; slabs: PoolSlab[] };

const committedSchema = z.strictObject({
  algorithm: z.string(),
  pack_id: z.number().int().positive(),
  slabs: z.array(
    z.strictObject({
      cert: z.string().regex(/^\d{6,10}$/),
      fmv_cents: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
      grade_tenths: z.number().int().min(10).max(100),
      grader: z.enum(GRADERS),
      id: z.number().int().positive(),
      tier: z.enum(RARITIES),
    }),
  ),
});

/** The canonical text of `pool` (the format above); its slabs are put in ascending id. */
export function canonicalPoolText(pool: CommittedPool): string {
  const slabs = [...pool.slabs].sort((a, b) => a.id - b.id);
  return canonicalJson({
    algorithm: POOL_ALGORITHM,
    pack_id: pool.packId,
    slabs: slabs.map((slab) => ({
      cert: slab.cert,
      fmv_cents: slab.fmvCents,
      grade_tenths: slab.gradeTenths,
      grader: slab.grader,
      id: slab.id,
      tier: slab.tier,
    })),
  });
}

/** Why a text is not a usable pool commitment text. */
export class PoolTextError extends Error {
  override name = "PoolTextError";
}

/**
 * The pool a canonical text commits to.
 * @throws PoolTextError when the text is not JSON, breaks the format (a field missing, extra or
 * out of range), lists a slab twice or out of id order, is not in canonical form, or names an
 * algorithm this code does not know.
 */
export function parsePoolText(text: string): CommittedPool {
  const c = parseJsonAs(
    text,
    committedSchema,
    {
      notJson: "the pool text is not JSON",
      malformed: (path, message) => `the pool text is malformed at ${path}: ${message}`,
    },
    PoolTextError,
  );
  if (c.algorithm !== POOL_ALGORITHM) {
    throw new PoolTextError(`unknown pool algorithm ${JSON.stringify(c.algorithm)}`);
  }
  if (c.slabs.some((slab, i) => i > 0 && slab.id <= c.slabs[i - 1]!.id)) {
    throw new PoolTextError("the pool text lists its slabs out of id order or twice");
  }
  const pool: CommittedPool = {
    packId: c.pack_id,
    slabs: c.slabs.map((slab) => ({
      id: slab.id,
      grader: slab.grader,
      cert: slab.cert,
      gradeTenths: slab.grade_tenths,
      tier: slab.tier,
      fmvCents: slab.fmv_cents,
    })),
  };
  if (canonicalPoolText(pool) !== text) {
    throw new PoolTextError("the pool text is not in canonical form");
  }
  return pool;
}

/** The commitment to a canonical pool text: its SHA-256 as lowercase hex. */
export const poolCommitmentOf = (text: string): Promise<string> => sha256Hex(text);
