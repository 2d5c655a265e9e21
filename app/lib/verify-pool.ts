import type { DrawLog } from "./draw-log";
import {
  PoolTextError,
  parsePoolText,
  poolCommitmentOf,
  type CommittedPool,
  type PoolSlab,
} from "./pool-commitment";

/**
 * The pool half of the draw-log verifier (docs/decisions/041-pool-commitment.md), with
 * WebCrypto only, for the browser and `npm run verify`. For every opening that names a pool
 * commitment it checks, whether or not its server seed is revealed:
 * 1. the commitment's text is in the log, hashes to it, is a valid canonical pool text of this
 *    pack, and was recorded no later than the opening;
 * 2. the pulled slab is in that committed pool, in the pulled tier, with the same grader, cert,
 *    grade and FMV as the pull's value;
 * 3. the tier size the draw counted is at most the committed tier's size;
 * 4. no slab is pulled twice from one committed pool.
 * What it cannot check: that the tier size was the true count at the moment (concurrent pulls
 * of other collectors commit in an order the log does not fix), and which slab stood at the
 * index when the opening says it was shifted.
 */

/** A committed pool as checked: its slabs by id and its tier sizes, or why it cannot be used. */
type PoolCheck =
  | {
      error: null;
      pool: CommittedPool;
      byId: Map<number, PoolSlab>;
      tierSizes: Map<string, number>;
    }
  | { error: string };

async function checkPool(log: DrawLog, commitment: string): Promise<PoolCheck> {
  const committed = log.pools[commitment];
  if (!committed) return { error: "its pool commitment is unknown" };
  if ((await poolCommitmentOf(committed.text)) !== commitment) {
    return { error: "the pool text does not hash to its commitment" };
  }
  let pool: CommittedPool;
  try {
    pool = parsePoolText(committed.text);
  } catch (error) {
    if (!(error instanceof PoolTextError)) throw error;
    return { error: error.message };
  }
  if (pool.packId !== log.pack.id) return { error: "the committed pool is another pack's" };
  const tierSizes = new Map<string, number>();
  for (const slab of pool.slabs) tierSizes.set(slab.tier, (tierSizes.get(slab.tier) ?? 0) + 1);
  return { error: null, pool, byId: new Map(pool.slabs.map((s) => [s.id, s])), tierSizes };
}

/**
 * The pool problems of each opening of `log` that names a pool commitment (checks 1-4 above),
 * by opening id; openings with none are left out. Each commitment is hashed and parsed once.
 */
export async function poolProblemsOf(log: DrawLog): Promise<Map<number, string[]>> {
  const checks = new Map<string, PoolCheck>();
  const pulled = new Map<string, number>();
  const result = new Map<number, string[]>();
  for (const entry of log.openings) {
    const commitment = entry.pool_commitment;
    if (commitment === null) continue;
    let check = checks.get(commitment);
    if (!check) {
      check = await checkPool(log, commitment);
      checks.set(commitment, check);
    }
    const problems: string[] = [];
    result.set(entry.opening_id, problems);
    if (check.error !== null) {
      problems.push(check.error);
      continue;
    }
    if (Date.parse(log.pools[commitment]!.recorded_at) > Date.parse(entry.opened_at)) {
      problems.push("the pool was committed after the opening");
    }
    const slab = entry.slab_id === null ? undefined : check.byId.get(entry.slab_id);
    if (!slab) {
      problems.push("the pulled slab is not in the committed pool");
      continue;
    }
    if (slab.tier !== entry.rarity) problems.push("the pulled slab is in another tier of the pool");
    if (slab.grader !== entry.slab_grader || slab.cert !== entry.slab_cert) {
      problems.push("the pulled slab's grader or cert differs from the committed one");
    }
    if (slab.gradeTenths !== Math.round(entry.grade * 10)) {
      problems.push("the pulled slab's grade differs from the committed one");
    }
    if (slab.fmvCents !== entry.value_cents) {
      problems.push("the pull's value differs from the slab's committed FMV");
    }
    if (entry.tier_size !== null && entry.tier_size > (check.tierSizes.get(slab.tier) ?? 0)) {
      problems.push("the tier size is larger than the committed tier");
    }
    const key = `${commitment}:${slab.id}`;
    const earlier = pulled.get(key);
    if (earlier !== undefined) {
      problems.push(`the slab was pulled twice from one committed pool (also opening ${earlier})`);
    } else {
      pulled.set(key, entry.opening_id);
    }
  }
  return result;
}
