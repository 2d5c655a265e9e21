import { randomBytes, randomInt } from "node:crypto";
import type { Logger } from "pino";
import type { Database } from "./db/client";
import type { SalesFeed } from "./sales-feed";
import { afterCommitOf, withAfterCommit, type Effect } from "./effects";

export type Actor = { userId: string; role: "user" | "moderator" | "admin" } | null;

/** Server-side randomness, from node:crypto only (never a non-cryptographic generator). */
export type Random = {
  bytes(length: number): Buffer;
  /** A uniform integer in [0, maxExclusive). */
  int(maxExclusive: number): number;
};

/** Where committed sales are announced (the live feed); a no-op where nobody listens. */
export type SaleAnnouncer = Pick<SalesFeed, "publish">;

/** What every domain function takes first (docs/design.md "Domain rules"). */
export type Ctx = {
  /** Its `transaction(fn)` runs the effects registered inside once it commits. */
  db: Database;
  actor: Actor;
  now: () => Date;
  random: Random;
  log: Logger;
  /**
   * Registers work to run once the current transaction commits (never on a rollback); outside
   * a transaction it runs at once. Errors in it are logged, never thrown.
   */
  afterCommit: (effect: Effect) => void;
  /** The live sales feed: announce a sale from inside its transaction, via `afterCommit`. */
  salesFeed: SaleAnnouncer;
};

/** The transaction a helper joins (what `ctx.db.transaction(fn)` hands to `fn`). */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * The context inside one transaction: `db` is the transaction, and `now` returns the one
 * instant read when it began, so every row it writes carries the same time
 * (docs/decisions/030-card-status-and-ctx-first.md). Helpers that join a transaction take it
 * first, like every domain function takes `ctx`.
 */
export type TxCtx = Omit<Ctx, "db"> & { db: Tx };

/**
 * Runs `fn` in one transaction of `ctx.db` with a {@link TxCtx}: the clock is read once, when
 * the transaction begins. Effects registered through `afterCommit` run once it commits.
 */
export function inTransaction<T>(ctx: Ctx, fn: (tx: TxCtx) => Promise<T>): Promise<T> {
  return ctx.db.transaction((tx) => {
    const at = ctx.now();
    return fn({ ...ctx, db: tx, now: () => at });
  });
}

const SILENT_FEED: SaleAnnouncer = { publish: async () => {} };

/** The parts every domain context is built from; the effects machinery is added here. */
export function makeCtx(parts: {
  db: Database;
  actor: Actor;
  now: () => Date;
  log: Logger;
  random?: Random;
  salesFeed?: SaleAnnouncer;
}): Ctx {
  return {
    db: withAfterCommit(parts.db, parts.log),
    actor: parts.actor,
    now: parts.now,
    random: parts.random ?? cryptoRandom,
    log: parts.log,
    afterCommit: afterCommitOf(parts.log),
    salesFeed: parts.salesFeed ?? SILENT_FEED,
  };
}

export const cryptoRandom: Random = {
  bytes: (length) => randomBytes(length),
  int: (maxExclusive) => randomInt(maxExclusive),
};

/** A context for the server's own jobs (no actor): real clock, node:crypto randomness. */
export function systemCtx(db: Database, log: Logger, salesFeed?: SaleAnnouncer): Ctx {
  return makeCtx({ db, actor: null, now: () => new Date(), log, salesFeed });
}
