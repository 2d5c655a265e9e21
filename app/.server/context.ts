import { randomBytes, randomInt } from "node:crypto";
import type { Logger } from "pino";
import type { Database } from "./db/client";

export type Actor = { userId: string; role: "user" | "moderator" | "admin" } | null;

/** Server-side randomness, from node:crypto only (never a non-cryptographic generator). */
export type Random = {
  bytes(length: number): Buffer;
  /** A uniform integer in [0, maxExclusive). */
  int(maxExclusive: number): number;
};

/** What every domain function takes first (DESIGN.md "Domain rules"). */
export type Ctx = {
  db: Database;
  actor: Actor;
  now: () => Date;
  random: Random;
  log: Logger;
};

export const cryptoRandom: Random = {
  bytes: (length) => randomBytes(length),
  int: (maxExclusive) => randomInt(maxExclusive),
};

/** A context for the server's own jobs (no actor): real clock, node:crypto randomness. */
export function systemCtx(db: Database, log: Logger): Ctx {
  return { db, actor: null, now: () => new Date(), random: cryptoRandom, log };
}
