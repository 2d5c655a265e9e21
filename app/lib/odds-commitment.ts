import { z } from "zod";
import { DRAW_ALGORITHM, sha256Hex, type DrawRules } from "./fairness";
import { RARITIES } from "./packs";
import { parseJsonAs } from "./parse-json-as";

/**
 * Odds commitments (docs/decisions/016-odds-commitment.md): the canonical text of a pack's
 * draw rules and its SHA-256. One implementation for the server (which records and publishes
 * them), the browser verifier and `npm run verify`.
 *
 * The canonical text is the JSON Canonicalization Scheme (RFC 8785) of one object:
 *
 *   {"algorithm":"packvault-draw-v1","buyback_rate_bp":9000,
 *    "card_names":{"common":[...],"legendary":[...],"rare":[...],"uncommon":[...]},
 *    "grade_tenths":{"max":100,"min":80},
 *    "odds_bp":{"common":6000,"legendary":500,"rare":1000,"uncommon":2500},
 *    "price_cents":2500,"value_factor_bp":{"max":13000,"min":7000},
 *    "value_multiplier_bp":{"common":8000,"legendary":50000,"rare":30000,"uncommon":15000}}
 *
 * on one line, without spaces: keys sorted, every number an integer, strings escaped as
 * JSON.stringify escapes them, names in the order the draw indexes them. The commitment is the
 * lowercase hex SHA-256 of that text as UTF-8.
 */

/** Safe bounds for every number of a text, so that the draw's arithmetic stays exact. */
const int = (max: number) => z.number().int().min(0).max(max);
const range = (max: number) =>
  z
    .strictObject({ max: int(max), min: int(max) })
    .refine((r) => r.min <= r.max, "min is above max");
const perRarity = <T extends z.ZodType>(value: T) =>
  z.strictObject({ common: value, legendary: value, rare: value, uncommon: value });

const committedSchema = z.strictObject({
  algorithm: z.string(),
  buyback_rate_bp: int(10_000),
  card_names: perRarity(z.array(z.string().min(1).max(200)).max(1_000)),
  grade_tenths: range(1_000),
  odds_bp: perRarity(int(10_000)),
  price_cents: int(10_000_000),
  value_factor_bp: range(100_000),
  value_multiplier_bp: perRarity(int(1_000_000)),
});
type Committed = z.infer<typeof committedSchema>;

/** A JSON value of the restricted kind a canonical text holds. */
export type Canonical = string | number | Canonical[] | { [key: string]: Canonical };

/**
 * RFC 8785 for strings, integers, arrays and objects (no floats, booleans or null needed); also
 * the canonical form of pool commitments (app/lib/pool-commitment.ts).
 * @throws RangeError for a number that is not a safe integer.
 */
export function canonicalJson(value: Canonical): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) throw new RangeError("a canonical number is an integer");
    return String(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key]!)}`).join(",")}}`;
}

const toCommitted = (rules: DrawRules): Committed => ({
  algorithm: rules.algorithm,
  buyback_rate_bp: rules.buybackRateBp,
  card_names: rules.cardNames,
  grade_tenths: rules.gradeTenths,
  odds_bp: rules.oddsBp,
  price_cents: rules.priceCents,
  value_factor_bp: rules.valueFactorBp,
  value_multiplier_bp: rules.valueMultiplierBp,
});

/** The canonical text of `rules` (the format above). */
export function canonicalOddsText(rules: DrawRules): string {
  return canonicalJson(toCommitted(rules));
}

/** Why a text is not a usable odds commitment text. */
export class OddsTextError extends Error {
  override name = "OddsTextError";
}

/**
 * The draw rules a canonical text commits to.
 * @throws OddsTextError when the text is not JSON, breaks the format (a field missing, extra
 * or out of range; odds not summing to 10,000; a rarity with odds but no names), is not in
 * canonical form (spaces, key order), or names an algorithm this code cannot run.
 */
export function parseOddsText(text: string): DrawRules {
  const c = parseJsonAs(
    text,
    committedSchema,
    {
      notJson: "the odds text is not JSON",
      malformed: (path, message) => `the odds text is malformed at ${path}: ${message}`,
    },
    OddsTextError,
  );
  if (c.algorithm !== DRAW_ALGORITHM) {
    throw new OddsTextError(`unknown draw algorithm ${JSON.stringify(c.algorithm)}`);
  }
  if (RARITIES.reduce((sum, r) => sum + c.odds_bp[r], 0) !== 10_000) {
    throw new OddsTextError("the odds do not add up to 10,000 basis points");
  }
  const missing = RARITIES.find((r) => c.odds_bp[r] > 0 && c.card_names[r].length === 0);
  if (missing) throw new OddsTextError(`the ${missing} odds have no card names`);
  const rules: DrawRules = {
    algorithm: c.algorithm,
    priceCents: c.price_cents,
    oddsBp: c.odds_bp,
    cardNames: c.card_names,
    valueMultiplierBp: c.value_multiplier_bp,
    valueFactorBp: c.value_factor_bp,
    gradeTenths: c.grade_tenths,
    buybackRateBp: c.buyback_rate_bp,
  };
  if (canonicalOddsText(rules) !== text) {
    throw new OddsTextError("the odds text is not in canonical form");
  }
  return rules;
}

/** The commitment to a canonical text: its SHA-256 as lowercase hex. */
export const oddsCommitmentOf = (text: string): Promise<string> => sha256Hex(text);

/** A commitment as shown: a SHA-256 in lowercase hex. */
export const COMMITMENT_PATTERN = /^[0-9a-f]{64}$/;
