import { z } from "zod";
import { COMMITMENT_PATTERN } from "./odds-commitment";
import { RARITIES } from "./packs";
import { parseJsonAs } from "./parse-json-as";

/**
 * A pack's public draw log (docs/decisions/016-odds-commitment.md): every opening with what
 * proves it, and the canonical text of every odds commitment they name. The JSON form is
 * self-contained (`npm run verify` and the /fairness verifier read it); the CSV form has the
 * same columns, one opening a row, for spreadsheets.
 */

/** The format's name and version, the first two fields of a JSON log. */
export const DRAW_LOG_FORMAT = "packvault-draw-log";
export const DRAW_LOG_VERSION = 1;

const hex64 = z.string().regex(COMMITMENT_PATTERN, "expected 64 lowercase hex characters");

/** One opening of the log. Money in cents; `grade` with one decimal (8.0-10.0). */
export const drawLogEntrySchema = z.object({
  opening_id: z.number().int().positive(),
  /** ISO 8601, UTC. */
  opened_at: z.string(),
  /** An anonymous tag of the opener: the same for all their openings, not their id. */
  user_tag: z.string(),
  server_seed_hash: hex64,
  /** Null until the opener rotates their seed pair. */
  server_seed: z.string().nullable(),
  client_seed: z.string(),
  nonce: z.number().int().min(0),
  odds_commitment: hex64,
  price_cents: z.number().int().min(0),
  rarity: z.enum(RARITIES),
  card_name: z.string(),
  grade: z.number(),
  value_cents: z.number().int().min(0),
  /** The buyback offer made with the pull (null if none was recorded). */
  buyback_cents: z.number().int().min(0).nullable(),
  /**
   * For a slab drawn from the pack's pool (docs/decisions/037-slab-within-a-tier.md): its index
   * among its tier's slabs left and how many were left; null for a card drawn by name.
   */
  slab_index: z.number().int().min(0).nullable().default(null),
  tier_size: z.number().int().min(0).nullable().default(null),
  /**
   * The pulled slab (docs/decisions/041-pool-commitment.md): its id (its place in the canonical
   * order), grader and cert; null for a card drawn by name.
   */
  slab_id: z.number().int().positive().nullable().default(null),
  slab_grader: z.string().nullable().default(null),
  slab_cert: z.string().nullable().default(null),
  /**
   * True when the slab at `slab_index` was being pulled by a concurrent opening and the next
   * free one in canonical order was taken; null where not recorded.
   */
  slab_shifted: z.boolean().nullable().default(null),
  /** The pool commitment in force at the opening; null before pools were committed. */
  pool_commitment: hex64.nullable().default(null),
});
export type DrawLogEntry = z.infer<typeof drawLogEntrySchema>;

/** The columns of one opening, in the order of the CSV header. */
export const DRAW_LOG_COLUMNS = Object.keys(drawLogEntrySchema.shape) as (keyof DrawLogEntry)[];

export const drawLogSchema = z.object({
  format: z.literal(DRAW_LOG_FORMAT),
  version: z.literal(DRAW_LOG_VERSION),
  pack: z.object({ id: z.number().int().positive(), name: z.string() }),
  generated_at: z.string(),
  /** Commitment -> its canonical odds text, for every commitment an opening names. */
  commitments: z.record(hex64, z.string()),
  /**
   * Pool commitment -> its canonical pool text (app/lib/pool-commitment.ts) and when it was
   * first recorded (ISO 8601), for every pool commitment an opening names and the pack's current.
   */
  pools: z.record(hex64, z.object({ text: z.string(), recorded_at: z.string() })).default({}),
  openings: z.array(drawLogEntrySchema),
});
export type DrawLog = z.infer<typeof drawLogSchema>;

/** Why some input is not a draw log. */
export class DrawLogFormatError extends Error {
  override name = "DrawLogFormatError";
}

/**
 * A JSON draw log, checked field by field.
 * @throws DrawLogFormatError naming the first field that is wrong, or when it is not JSON.
 */
export function parseDrawLog(text: string): DrawLog {
  return parseJsonAs(
    text,
    drawLogSchema,
    {
      notJson: "This file is not JSON. Use the pack's draws.json.",
      malformed: (path, message) =>
        `This is not a PackVault draw log: ${path || "the file"}: ${message}`,
    },
    DrawLogFormatError,
  );
}
