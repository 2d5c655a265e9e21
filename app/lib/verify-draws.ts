import {
  drawWithRules,
  isPoolDraw,
  poolRollsOf,
  slabIndexOf,
  rollDigestInBrowser,
  rollKeyInBrowser,
  seedHashInBrowser,
  type Draw,
  type DrawRules,
  type DrawRolls,
  type NamedDrawRolls,
  type PoolDrawRolls,
} from "./fairness";
import { tierBand } from "./slabs";
import type { DrawLog, DrawLogEntry } from "./draw-log";
import { applyBasisPoints, mulDivHalfUp, type Cents } from "./money";
import { OddsTextError, oddsCommitmentOf, parseOddsText } from "./odds-commitment";
import type { CardRarity } from "~/lib/domain/rarity";
import { poolProblemsOf } from "./verify-pool";

/**
 * The verifier of openings and draw logs (docs/decisions/016-odds-commitment.md), one
 * implementation for the browser (/fairness) and the command line (`npm run verify`), with
 * WebCrypto only. For an opening whose server seed is revealed it checks:
 * 1. SHA-256(server seed) is the server seed hash shown before the opening;
 * 2. the odds text hashes to the opening's odds commitment and is a valid canonical text;
 * 3. the roll bytes HMAC-SHA256(server seed, `client seed:nonce`), drawn under the committed
 *    rules (app/lib/fairness.ts), give the stored rarity, card name, grade and value, and the
 *    buyback offer is the committed rate of that value;
 * 3'. for a slab drawn from a pool (docs/decisions/037-slab-within-a-tier.md): the roll bytes
 *    give the stored rarity and the stored index among the tier's slabs left
 *    (floor(u1 x tier size / 2^32)); the slab's value is within the tier's admission band and
 *    the buyback is the committed rate of it. Which slab stood at that index, its name and grade
 *    cannot be recomputed from the seeds.
 * For every opening that names a pool commitment, revealed or not, the pulled slab must be in
 * the pool committed before it, and pulled once (app/lib/verify-pool.ts,
 * docs/decisions/041-pool-commitment.md).
 */

/** What an opening claims, as it is checked. */
export type OpeningProof = {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  oddsCommitment: string;
  outcome: {
    rarity: CardRarity;
    cardName: string;
    /** 8.0-10.0, one decimal. */
    grade: number;
    valueCents: Cents;
    /** The buyback offered with the pull; null when not known (not compared). */
    buybackCents: Cents | null;
  };
  /** The rolls stored with the opening, when known (compared too). */
  rolls?: DrawRolls;
};

/** The result of checking one revealed opening. */
export type ProofCheck = {
  computedHash: string;
  hashMatches: boolean;
  /** SHA-256 of the odds text equals the opening's commitment. */
  commitmentMatches: boolean;
  /** Why the odds text cannot be used (missing, malformed, unknown algorithm); null if fine. */
  oddsError: string | null;
  /** HMAC-SHA256(server seed, `client seed:nonce`), hex. */
  digestHex: string;
  /** The card the roll bytes draw under the committed rules; null without usable rules. */
  draw: Draw | null;
  /** For a slab drawn from a pool: the rarity and the index in its tier the bytes give. */
  pool: (PoolDrawRolls & { rarity: CardRarity }) | null;
  /** The buyback the committed rate gives for the drawn value. */
  buybackCents: Cents | null;
  same: {
    rolls: boolean;
    name: boolean;
    rarity: boolean;
    grade: boolean;
    value: boolean;
    buyback: boolean;
  };
  /** What failed, in words (empty for a match). */
  problems: string[];
  verdict: "match" | "mismatch";
};

const toHex = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

/** The committed rules of a text, or why not, checked against `commitment` (memoised). */
type OddsCheck = { rules: DrawRules | null; commitmentMatches: boolean; error: string | null };

async function checkOdds(commitment: string, text: string | undefined): Promise<OddsCheck> {
  if (text === undefined) {
    return { rules: null, commitmentMatches: false, error: "its odds commitment is unknown" };
  }
  const commitmentMatches = (await oddsCommitmentOf(text)) === commitment;
  try {
    return { rules: parseOddsText(text), commitmentMatches, error: null };
  } catch (error) {
    if (!(error instanceof OddsTextError)) throw error;
    return { rules: null, commitmentMatches, error: error.message };
  }
}

const sameRolls = (a: NamedDrawRolls, b: DrawRolls) =>
  !isPoolDraw(b) &&
  a.rarityRoll === b.rarityRoll &&
  a.nameIndex === b.nameIndex &&
  a.gradeTenths === b.gradeTenths &&
  a.valueFactorBp === b.valueFactorBp;

/** A server seed's SHA-256 and HMAC key, computed once for all the openings made with it. */
type SeedCheck = { hash: string; key: CryptoKey };

const checkSeed = async (serverSeed: string): Promise<SeedCheck> => ({
  hash: await seedHashInBrowser(serverSeed),
  key: await rollKeyInBrowser(serverSeed),
});

/**
 * Checks one revealed opening against the odds text of its commitment (see above). `known`
 * carries what was already computed for its commitment and server seed (a log's openings share
 * them).
 */
export async function verifyOpeningProof(
  proof: OpeningProof,
  oddsText: string | undefined,
  known: { odds?: OddsCheck; seed?: SeedCheck } = {},
): Promise<ProofCheck> {
  const seed = known.seed ?? (await checkSeed(proof.serverSeed));
  const computedHash = seed.hash;
  const digest = await rollDigestInBrowser(seed.key, proof.clientSeed, proof.nonce);
  const odds = known.odds;
  const { rules, commitmentMatches, error } =
    odds ?? (await checkOdds(proof.oddsCommitment, oddsText));
  const stored = proof.outcome;
  if (proof.rolls && isPoolDraw(proof.rolls)) {
    return poolProofCheck(proof, proof.rolls, digest, rules, {
      computedHash,
      commitmentMatches,
      error,
    });
  }
  const draw = rules ? drawWithRules(digest, rules) : null;
  const buybackCents =
    draw && rules ? applyBasisPoints(draw.estimatedValueCents, rules.buybackRateBp) : null;
  const same = {
    rolls: !proof.rolls || (draw !== null && sameRolls(draw.rolls, proof.rolls)),
    name: draw?.cardName === stored.cardName,
    rarity: draw?.rarity === stored.rarity,
    grade: draw !== null && draw.rolls.gradeTenths === Math.round(stored.grade * 10),
    value: draw?.estimatedValueCents === stored.valueCents,
    buyback: stored.buybackCents === null || buybackCents === stored.buybackCents,
  };
  const hashMatches = computedHash === proof.serverSeedHash;
  const problems = [
    ...(hashMatches ? [] : ["the server seed does not hash to the seed hash shown before"]),
    ...(commitmentMatches || error ? [] : ["the odds text does not hash to its commitment"]),
    ...(error ? [error] : []),
    ...(draw
      ? Object.entries(same)
          .filter(([, ok]) => !ok)
          .map(([part]) => `the stored ${part} differs from the recomputed one`)
      : []),
  ];
  return {
    computedHash,
    hashMatches,
    commitmentMatches,
    oddsError: error,
    digestHex: toHex(digest),
    draw,
    pool: null,
    buybackCents,
    same,
    problems,
    verdict: problems.length === 0 ? "match" : "mismatch",
  };
}

/** The check of a slab pulled from a pool (3' above). */
function poolProofCheck(
  proof: OpeningProof,
  rolls: PoolDrawRolls,
  digest: Uint8Array,
  rules: DrawRules | null,
  known: { computedHash: string; commitmentMatches: boolean; error: string | null },
): ProofCheck {
  const stored = proof.outcome;
  const rolled = rules ? poolRollsOf(digest, rules.oddsBp) : null;
  const slabIndex = rolled ? slabIndexOf(rolled.slabWord, rolls.tierSize) : null;
  const band = rules ? tierBand(rules.priceCents, stored.rarity) : null;
  const buybackCents = rules ? applyBasisPoints(stored.valueCents, rules.buybackRateBp) : null;
  const same = {
    rolls:
      rolled !== null &&
      // A draw log carries no rarity roll (-1): the rarity itself is compared instead.
      (rolls.rarityRoll < 0 || rolled.rarityRoll === rolls.rarityRoll) &&
      slabIndex === rolls.slabIndex,
    name: true,
    rarity: rolled?.rarity === stored.rarity,
    grade: true,
    value: band !== null && stored.valueCents >= band.min && stored.valueCents <= band.max,
    buyback: stored.buybackCents === null || buybackCents === stored.buybackCents,
  };
  const hashMatches = known.computedHash === proof.serverSeedHash;
  const problems = [
    ...(hashMatches ? [] : ["the server seed does not hash to the seed hash shown before"]),
    ...(known.commitmentMatches || known.error
      ? []
      : ["the odds text does not hash to its commitment"]),
    ...(known.error ? [known.error] : []),
    ...(rolled
      ? Object.entries(same)
          .filter(([, ok]) => !ok)
          .map(([part]) => `the stored ${part} differs from the recomputed one`)
      : []),
  ];
  return {
    computedHash: known.computedHash,
    hashMatches,
    commitmentMatches: known.commitmentMatches,
    oddsError: known.error,
    digestHex: toHex(digest),
    draw: null,
    pool: rolled && slabIndex !== null ? { ...rolls, slabIndex, rarity: rolled.rarity } : null,
    buybackCents,
    same,
    problems,
    verdict: problems.length === 0 ? "match" : "mismatch",
  };
}

/**
 * What can be checked of an opening whose server seed is still secret: that its outcome is
 * one the committed rules can draw (a named card of a rarity with odds, a grade and value in
 * range, the committed buyback rate). Returns the problems found.
 */
function possibleUnder(rules: DrawRules, entry: DrawLogEntry): string[] {
  const problems: string[] = [];
  if (rules.oddsBp[entry.rarity] === 0) problems.push(`the odds give ${entry.rarity} no chance`);
  if (entry.slab_index !== null) {
    // A slab from the pool: its value must fit its tier's band; name and grade are the slab's.
    const band = tierBand(rules.priceCents, entry.rarity);
    if (entry.value_cents < band.min || entry.value_cents > band.max) {
      problems.push("the value is out of the committed range");
    }
    if (entry.tier_size !== null && entry.slab_index >= entry.tier_size) {
      problems.push("the slab index is outside its tier");
    }
    return problems;
  }
  if (!rules.cardNames[entry.rarity].includes(entry.card_name)) {
    problems.push(`${entry.card_name} is not a committed ${entry.rarity} card`);
  }
  const tenths = Math.round(entry.grade * 10);
  if (tenths < rules.gradeTenths.min || tenths > rules.gradeTenths.max) {
    problems.push("the grade is out of the committed range");
  }
  const multiplier = rules.valueMultiplierBp[entry.rarity];
  const [low, high] = [rules.valueFactorBp.min, rules.valueFactorBp.max].map((factor) =>
    mulDivHalfUp(rules.priceCents, multiplier * factor, 100_000_000),
  );
  if (entry.value_cents < low! || entry.value_cents > high!) {
    problems.push("the value is out of the committed range");
  }
  if (
    entry.buyback_cents !== null &&
    entry.buyback_cents !== applyBasisPoints(entry.value_cents, rules.buybackRateBp)
  ) {
    problems.push("the buyback is not the committed rate of the value");
  }
  return problems;
}

/** The verdict on one opening of a log. */
export type EntryVerdict = {
  openingId: number;
  /** 'unrevealed': the server seed is still secret; only the commitment and range were checked. */
  status: "match" | "mismatch" | "unrevealed";
  problems: string[];
};

/** The verdict on a whole draw log. */
export type DrawLogReport = {
  total: number;
  matched: number;
  mismatched: number;
  unrevealed: number;
  entries: EntryVerdict[];
};

const toProof = (entry: DrawLogEntry & { server_seed: string }): OpeningProof => ({
  serverSeed: entry.server_seed,
  serverSeedHash: entry.server_seed_hash,
  clientSeed: entry.client_seed,
  nonce: entry.nonce,
  oddsCommitment: entry.odds_commitment,
  outcome: {
    rarity: entry.rarity,
    cardName: entry.card_name,
    grade: entry.grade,
    valueCents: entry.value_cents,
    buybackCents: entry.buyback_cents,
  },
  ...(entry.slab_index !== null && entry.tier_size !== null
    ? {
        rolls: {
          rarityRoll: -1,
          slabIndex: entry.slab_index,
          tierSize: entry.tier_size,
        },
      }
    : {}),
});

/**
 * Verifies every opening of a draw log: a revealed one is recomputed in full (see above); an
 * unrevealed one is checked against its commitment (known, hashing right, and an outcome the
 * rules can draw). Each commitment text is hashed and parsed once.
 */
export async function verifyDrawLog(log: DrawLog): Promise<DrawLogReport> {
  const odds = new Map<string, OddsCheck>();
  const seeds = new Map<string, SeedCheck>();
  const entries: EntryVerdict[] = [];
  const poolProblems = await poolProblemsOf(log);
  for (const entry of log.openings) {
    const ofPool = poolProblems.get(entry.opening_id) ?? [];
    const commitment = entry.odds_commitment;
    let checked = odds.get(commitment);
    if (!checked) {
      checked = await checkOdds(commitment, log.commitments[commitment]);
      odds.set(commitment, checked);
    }
    const { server_seed: serverSeed } = entry;
    if (serverSeed !== null) {
      let seed = seeds.get(serverSeed);
      if (!seed) {
        seed = await checkSeed(serverSeed);
        seeds.set(serverSeed, seed);
      }
      const result = await verifyOpeningProof(
        toProof({ ...entry, server_seed: serverSeed }),
        undefined,
        { odds: checked, seed },
      );
      const problems = [...result.problems, ...ofPool];
      entries.push({
        openingId: entry.opening_id,
        status: problems.length > 0 ? "mismatch" : "match",
        problems,
      });
      continue;
    }
    const problems = [
      ...(checked.commitmentMatches || checked.error
        ? []
        : ["the odds text does not hash to its commitment"]),
      ...(checked.error ? [checked.error] : []),
      ...(checked.rules ? possibleUnder(checked.rules, entry) : []),
      ...ofPool,
    ];
    entries.push({
      openingId: entry.opening_id,
      status: problems.length > 0 ? "mismatch" : "unrevealed",
      problems,
    });
  }
  const count = (status: EntryVerdict["status"]) =>
    entries.filter((e) => e.status === status).length;
  return {
    total: entries.length,
    matched: count("match"),
    mismatched: count("mismatch"),
    unrevealed: count("unrevealed"),
    entries,
  };
}
