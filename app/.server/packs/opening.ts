import { and, eq, sql } from "drizzle-orm";
import { cardSlabColumns } from "../policy/slab-columns";

import { inTransaction, type Ctx, type TxCtx } from "../context";
import { groupCommit, type GroupCommit, type ItemOutcome } from "../db/group-commit";

import { packOpeningsCommitted } from "../metrics";

import { hasSqlState } from "../db/pg-errors";

import { preparedSql, queryPrepared } from "../db/prepared";
import { buybackOffers, packOpenings, slabs, userCards } from "../db/schema";

import { DomainError } from "../errors";

import { playFactsSql, refusePlay, type PlayFacts } from "../policy/guard";
import { lockPlayAccount, lockPlayAccounts, type PlayAccountRow } from "../policy/play-account";
import { AchievementFacts, withPull } from "../rewards/achievement-rules";
import {
  achievementCheckOf,
  achievementCheckSql,
  achievementsUnlockedBy,
  grantAchievements,
  type AchievementCheckJson,
} from "../rewards/achievements";
import { pointsForCents } from "../rewards/ledger";
import { insufficientBalance } from "../wallet/ledger";

import { activeSeedPair, rollDigest } from "./fairness";
import {
  recordOpening,
  recordOpenings,
  type OpeningPack,
  type OpeningSeedPair,
  type PackRow,
  type RecordedOpening,
} from "./opening-record";
import { TierLists, type TierDraws, type TierTarget } from "./tier-lists";

import { drawRulesOf, poolRollsOf } from "~/lib/fairness";

import type { Cents } from "~/lib/money";

import { cardSlabOf } from "~/lib/slabs";
import { invalidatePagesAfterCommit } from "../page-cache/invalidation";
import type { Pull } from "~/lib/domain/packs";
import { pageTags } from "~/lib/page-cache";
import { BUYBACK_TTL_SECONDS } from "~/lib/rates";

/** docs/product/packs-and-fairness.md: a pulled card's category and condition. */
export const PULLED_CARD_CATEGORY = "Trading Cards";
export const PULLED_CARD_CONDITION = "Mint";

const notSignedIn = () => new DomainError("not_signed_in", "Please log in to open packs", 401);
const outOfStock = () => new DomainError("out_of_stock", "Pack is out of stock", 409);

/**
 * Opens one pack for the signed-in user (docs/product/packs-and-fairness.md). Openings of one
 * pack that arrive while others are being recorded share a transaction, each recorded as it
 * would be alone (docs/decisions/065-pack-openings-committed-in-batches.md), all in one
 * statement (docs/decisions/066-a-batch-recorded-in-one-statement.md); alone, an opening
 * is ONE transaction of five statements, ordered so the row every opening of the pack contends
 * for is locked last and held only while the commit is written
 * (docs/decisions/021-pack-drop-in-five-statements.md, which refines 011):
 * 1. locks the user's play account (the responsible-play guard, docs/decisions/010-responsible-
 *    play.md: their guarded movements run one at a time from here to the commit);
 * 2. one read: locks the user's seed pair and reads the pack, the user's balance, whether this
 *    `idempotencyKey` already opened a pack (if so, returns that pull: a retried or doubled
 *    request never buys or rolls again), the guard's facts (date of birth, spending limits and
 *    what was spent), and the achievements an opening may still unlock with the user's pull
 *    stats; the play guard, the stock and the balance are checked from what it read;
 * 3. draws the tier from HMAC-SHA256(server seed, `client seed:nonce`) with the pack's odds as
 *    read; one statement claims the slab the draw picks in that tier of the pack's pool
 *    (docs/decisions/037-slab-within-a-tier.md; none free: `out_of_stock`, nothing written),
 *    advances the nonce and stores the card (the slab's, vaulted, 'Trading Cards', Mint), the
 *    opening with its proof, a pending buyback offer of 90 % of the slab's FMV expiring 24 hours
 *    later, one reward point per whole dollar of the price, and debits the price from the
 *    user's wallet to the platform (ledger; the platform's leg is an entry only;
 *    docs/decisions/061-opening-record-built-once.md);
 * 4. only when the pull earns an achievement: unlocks it and awards its points;
 * 5. at COMMIT, the database takes one unit of stock: a deferred trigger on the opening
 *    (migration 0011) runs a conditional update of the pack (active, `available_count > 0`,
 *    and the price, odds, names and odds commitment the opening was drawn with still in
 *    force), so N parallel openings of a pack with k left make exactly min(N, k) cards.
 * Lock order: play account, seed pair, rewards, the user's wallet, the pack. Nothing the
 * client sends besides the pack id and key reaches the draw. One clock (`tx.now()`, read once
 * when the transaction begins).
 * @throws DomainError `not_signed_in` (401, 'Please log in to open packs'); `pack_not_found`
 * (404, 'Pack not found'); `out_of_stock` (409, 'Pack is out of stock') for a sold-out or
 * inactive pack; `pack_changed` (409) when an admin edited the pack meanwhile;
 * `insufficient_balance` (402, 'Insufficient balance'); `play_paused`, `date_of_birth_required`,
 * `limit_exceeded` (403) from the play guard.
 */
export async function openPack(
  ctx: Ctx,
  input: { packId: number; idempotencyKey: string },
): Promise<Pull> {
  if (!ctx.actor) throw notSignedIn();
  return openingQueue(ctx, input.packId).submit({ ctx, userId: ctx.actor.userId, input });
}

/** One opening waiting for its batch: the request's context, the opener and what they sent. */
type QueuedOpening = {
  ctx: Ctx;
  userId: string;
  input: { packId: number; idempotencyKey: string };
};

/**
 * How openings of one pack share transactions (docs/decisions/065-pack-openings-committed-in-
 * batches.md): at most `maxInFlight` batches of one pack run at once in a process, each of at
 * most `maxBatch` openings.
 */
const OPENING_BATCHES = { maxInFlight: 4, maxBatch: 50 };

/**
 * The opening queues of each database client (a pool, or PGlite), by pack id, each with the
 * lists of its pack's tiers its batches draw from.
 */
const queues = new WeakMap<object, Map<number, GroupCommit<QueuedOpening, Pull>>>();

/** The queue of pack `packId`'s openings on `ctx`'s database (made on first use). */
function openingQueue(ctx: Ctx, packId: number): GroupCommit<QueuedOpening, Pull> {
  // Every request's `ctx.db` is its own wrapper (the after-commit effects) of one client.
  const client = (ctx.db as { $client?: object }).$client ?? ctx.db;
  let byPack = queues.get(client);
  if (!byPack) queues.set(client, (byPack = new Map()));
  let queue = byPack.get(packId);
  if (!queue) {
    const lists = new TierLists(packId);
    queue = groupCommit({ ...OPENING_BATCHES, run: (openings) => openBatch(openings, lists) });
    byPack.set(packId, queue);
  }
  return queue;
}

/** An opening alone in its own transaction, as an {@link ItemOutcome}. */
async function openAlone(opening: QueuedOpening): Promise<ItemOutcome<Pull>> {
  try {
    const value = await openingTransaction(opening.ctx, (tx) =>
      openInTransaction(tx, opening.userId, opening.input),
    );
    return { ok: true, value };
  } catch (error) {
    return { ok: false, error };
  }
}

/**
 * Opens a batch of one pack's openings in ONE transaction of the first opening's context
 * (docs/decisions/065-pack-openings-committed-in-batches.md): one statement locks the openers'
 * play accounts and one reads for all of them (seed pairs locked), both in ascending user id,
 * so two batches lock shared rows in one order; then each opening is checked and drawn in that
 * order as {@link openInTransaction} does it alone, drawing from the `lists` of the pack's tiers
 * (`lists.batch()`), and the openings drawn are recorded together ({@link recordInBatch},
 * docs/decisions/066-a-batch-recorded-in-one-statement.md). An opening refused by its checks (a
 * DomainError) or whose drawn tier has no free slab left wrote nothing: it is answered with that
 * refusal and the others go on. An opening whose user has no play account or seed pair yet
 * (their first opening makes them) is opened in a savepoint, which its refusal rolls back. A
 * user's second opening in the batch is opened alone after the batch. Any other failure, the
 * stock trigger's at COMMIT included, rolls the whole batch back (logged) and opens each of its
 * openings alone, so a batch never answers otherwise than its openings would one by one. A batch
 * of one is opened alone.
 */
async function openBatch(
  openings: QueuedOpening[],
  lists: TierLists,
): Promise<ItemOutcome<Pull>[]> {
  if (openings.length === 1) return [await openAlone(openings[0]!)];
  const firstOfUser = new Map<string, number>();
  openings.forEach((opening, index) => {
    if (!firstOfUser.has(opening.userId)) firstOfUser.set(opening.userId, index);
  });
  const batched = [...firstOfUser.values()]
    .map((index) => ({ opening: openings[index]!, index }))
    .sort((a, b) => (a.opening.userId < b.opening.userId ? -1 : 1));
  const outcomes: (ItemOutcome<Pull> | undefined)[] = new Array(openings.length);
  const draws = lists.batch();
  try {
    await openingTransaction(openings[0]!.ctx, async (tx) => {
      const userIds = batched.map(({ opening }) => opening.userId);
      const accounts = await lockPlayAccounts(tx.db, userIds);
      const reads = await readForOpenings(
        tx.db,
        openings[0]!.input.packId,
        batched
          .filter(({ opening }) => accounts.has(opening.userId))
          .map(({ opening }) => ({ userId: opening.userId, key: opening.input.idempotencyKey })),
        tx.now(),
      );
      const drawn: { index: number; drawn: ListedOpening }[] = [];
      for (const { opening, index } of batched) {
        const account = accounts.get(opening.userId);
        const read = reads.get(opening.userId);
        if (!account || !read) {
          outcomes[index] = await openInSavepoint(tx, opening, draws);
          continue;
        }
        const planned = await drawInBatch(tx, { opening, account, read, draws });
        if ("ok" in planned) outcomes[index] = planned;
        else drawn.push({ index, drawn: planned });
      }
      const pulls = await recordInBatch(
        tx,
        drawn.map((each) => each.drawn),
        draws,
      );
      drawn.forEach(({ index }, at) => (outcomes[index] = pulls[at]));
    });
    draws.end(true);
  } catch (error) {
    draws.end(false);
    openings[0]!.ctx.log.info(
      { err: error, packId: openings[0]!.input.packId, openings: openings.length },
      "a batch of openings rolled back; opening each alone",
    );
    return Promise.all(openings.map(openAlone));
  }
  return Promise.all(openings.map((opening, index) => outcomes[index] ?? openAlone(opening)));
}

/**
 * One opening of a batch, its opener's play `account` locked and `read`, checked and drawn
 * through the batch's `draws` from the lists of the pack's tiers: its outcome when it is
 * answered without a record (a refusal by its checks, the pull its key already made, or
 * `out_of_stock` for a drawn tier with no slab left), else the drawn opening to record. Writes
 * nothing.
 */
async function drawInBatch(
  tx: TxCtx,
  {
    opening,
    account,
    read,
    draws,
  }: {
    opening: QueuedOpening;
    account: PlayAccountRow;
    read: OpeningRead;
    draws: TierDraws;
  },
): Promise<ItemOutcome<Pull> | ListedOpening> {
  let plan: OpeningPlan;
  try {
    plan = await planOpening(tx, opening.userId, account, read);
  } catch (error) {
    if (error instanceof DomainError) return { ok: false, error };
    throw error;
  }
  if ("replay" in plan) return { ok: true, value: plan.replay };
  const drawn = await drawOpening(tx, opening.userId, opening.input, plan, draws);
  return drawn?.listed ? { ...drawn, listed: drawn.listed } : { ok: false, error: outOfStock() };
}

/**
 * Records a batch's `drawn` openings, each with its target on the batch's `draws`: all in one
 * statement ({@link recordOpenings}, docs/decisions/066-a-batch-recorded-in-one-statement.md),
 * then, one by one, those whose target another transaction took, with the claim's shift
 * ({@link recordOpening}); then grants each pull's achievements. Their outcomes, in order: a
 * pull, or `out_of_stock` for one that found no free slab in its tier (it wrote nothing).
 * Throws (rolling the batch back) on anything else.
 */
async function recordInBatch(
  tx: TxCtx,
  drawn: readonly ListedOpening[],
  draws: TierDraws,
): Promise<ItemOutcome<Pull>[]> {
  const first = drawn[0];
  if (!first) return [];
  const recorded = await recordOpenings(tx.db, {
    pack: first.plan.pack,
    openings: drawn.map((each) => ({
      userId: each.userId,
      pair: each.plan.pair,
      draw: each.rolled,
      target: each.listed,
      mayUnlock: each.check.open.length > 0,
      key: each.input.idempotencyKey,
    })),
    card: recordCard(first.plan.pack),
    offerExpiresAt: first.offerExpiresAt,
    points: first.points,
    now: tx.now(),
  });
  const made: (RecordedOpening | null)[] = [];
  for (const each of drawn) {
    const claimed = recorded.get(each.userId) ?? (await recordDrawn(tx, each));
    draws.claimed(each.rolled.rarity, each.listed, claimed?.slab.id ?? null);
    made.push(claimed);
  }
  const outcomes: ItemOutcome<Pull>[] = [];
  for (const [at, each] of drawn.entries()) {
    const pull = made[at];
    outcomes.push(
      pull
        ? { ok: true, value: await finishPull(tx, each, pull) }
        : { ok: false, error: outOfStock() },
    );
  }
  return outcomes;
}

/**
 * One opening of a batch whose user has no play account or seed pair yet, opened in a savepoint
 * of the batch's transaction as {@link openInTransaction} opens it: its outcome. A DomainError
 * (a refusal, even one raised after a write) rolls the savepoint back and is its answer; anything
 * else is thrown (rolling the batch back).
 */
async function openInSavepoint(
  tx: TxCtx,
  opening: QueuedOpening,
  draws: TierDraws,
): Promise<ItemOutcome<Pull>> {
  try {
    const value = await tx.db.transaction((savepoint) =>
      openInTransaction({ ...tx, db: savepoint }, opening.userId, opening.input, draws),
    );
    return { ok: true, value };
  } catch (error) {
    if (error instanceof DomainError) return { ok: false, error };
    throw error;
  }
}

/**
 * Opens one pack in the caller's transaction `tx` (the steps of {@link openPack}), drawing from
 * a batch's `draws` from the lists of the pack's tiers when given.
 * @throws DomainError as {@link openPack}.
 */
async function openInTransaction(
  tx: TxCtx,
  userId: string,
  input: { packId: number; idempotencyKey: string },
  draws?: TierDraws,
): Promise<Pull> {
  const account = await lockPlayAccount(tx.db, userId);
  const opener = [{ userId, key: input.idempotencyKey }];
  let read = (await readForOpenings(tx.db, input.packId, opener, tx.now())).get(userId);
  if (!read) {
    // The user's first opening: make their seed pair, then read again.
    await activeSeedPair(tx, userId, { lock: true });
    read = (await readForOpenings(tx.db, input.packId, opener, tx.now())).get(userId)!;
  }
  const plan = await planOpening(tx, userId, account, read);
  if ("replay" in plan) return plan.replay;
  const pull = await recordPull(tx, userId, input, plan, draws);
  // The drawn tier has no slab left (or every one left is being pulled right now).
  if (!pull) throw outOfStock();
  return pull;
}

/** An opening that passed its checks, with what it read; or the pull a retried key made. */
type OpeningPlan = { replay: Pull } | (OpeningRead & { pack: OpeningPack });

/**
 * The checks of step 2 of {@link openPack} on what the opening read, its opener's play
 * `account` locked: the pull its key already made, or the plan to record. Writes nothing.
 * @throws DomainError `pack_not_found`, `out_of_stock`, `insufficient_balance` and the play
 * guard's refusals, as {@link openPack}.
 */
async function planOpening(
  tx: TxCtx,
  userId: string,
  account: PlayAccountRow,
  read: OpeningRead,
): Promise<OpeningPlan> {
  const now = tx.now();
  const { pack } = read;
  if (read.earlierId !== null) return { replay: await pullOf(tx.db, userId, read.earlierId) };
  if (!pack) throw new DomainError("pack_not_found", "Pack not found", 404);
  if (!pack.isActive || pack.availableCount <= 0) throw outOfStock();
  refusePlay(account, read.play, { userId, kind: "pack-spend", amountCents: pack.priceCents }, now);
  // Fails fast without the writes below; the ledger's conditional update is what guarantees it.
  if ((read.balanceCents ?? 0) < pack.priceCents) throw insufficientBalance();
  return { ...read, pack };
}

/**
 * Steps 3 and 4 of {@link openPack} for a `plan` that passed its checks: draws, claims the slab
 * (through a batch's `draws` from the lists of the pack's tiers when given,
 * docs/decisions/065-pack-openings-committed-in-batches.md) and records the pull, then grants
 * the achievements it unlocks.
 * @returns null when the drawn tier has no free slab (nothing written).
 * @throws DomainError `insufficient_balance` (402) when the wallet could not pay after all (the
 * transaction must roll back: the slab is claimed).
 */
async function recordPull(
  tx: TxCtx,
  userId: string,
  input: { packId: number; idempotencyKey: string },
  plan: OpeningRead & { pack: OpeningPack },
  draws?: TierDraws,
): Promise<Pull | null> {
  const drawn = await drawOpening(tx, userId, input, plan, draws);
  if (!drawn) return null;
  const made = await recordDrawn(tx, drawn);
  if (drawn.listed) draws!.claimed(drawn.rolled.rarity, drawn.listed, made?.slab.id ?? null);
  return made && finishPull(tx, drawn, made);
}

/** An opening that passed its checks, drawn: its tier and slab word, and what it will record. */
type DrawnOpening = {
  userId: string;
  input: { packId: number; idempotencyKey: string };
  plan: OpeningRead & { pack: OpeningPack };
  rolled: ReturnType<typeof poolRollsOf>;
  /** Its target on a batch's list of the tier; none when the claim counts the tier itself. */
  listed: TierTarget | undefined;
  points: number;
  check: ReturnType<typeof achievementCheckOf>;
  offerExpiresAt: Date;
};

/** An opening of a batch, drawn on the batch's list of its tier. */
type ListedOpening = DrawnOpening & { listed: TierTarget };

/**
 * Step 3's draw of {@link openPack}: the tier and slab word from the pair's next roll and, with a
 * batch's `draws`, the target on its list of the tier. Writes nothing.
 * @returns null when a batch's list of the drawn tier is empty (no slab left).
 */
async function drawOpening(
  tx: TxCtx,
  userId: string,
  input: { packId: number; idempotencyKey: string },
  plan: OpeningRead & { pack: OpeningPack },
  draws?: TierDraws,
): Promise<DrawnOpening | null> {
  const { pair, pack } = plan;
  const rolled = poolRollsOf(
    rollDigest(pair.serverSeed, pair.clientSeed, pair.nonce),
    drawRulesOf(pack).oddsBp,
  );
  const listed = draws
    ? await draws.target(tx.db, pack.poolCommitment, rolled.rarity, rolled.slabWord)
    : undefined;
  if (listed === null) return null;
  return {
    userId,
    input,
    plan,
    rolled,
    listed,
    points: pointsForCents(pack.priceCents),
    check: achievementCheckOf(plan.achievementCheck),
    offerExpiresAt: new Date(tx.now().getTime() + BUYBACK_TTL_SECONDS * 1000),
  };
}

/** The card columns every pull of `pack` records. */
const recordCard = (pack: OpeningPack) => ({
  category: PULLED_CARD_CATEGORY,
  packCategory: pack.category,
  condition: PULLED_CARD_CONDITION,
});

/**
 * Claims the slab of a `drawn` opening (from its target when listed, shifting past a slab taken)
 * and records its pull in one statement ({@link recordOpening}).
 * @returns null when its tier has no free slab (nothing written).
 */
function recordDrawn(tx: TxCtx, drawn: DrawnOpening): Promise<RecordedOpening | null> {
  const { plan } = drawn;
  return recordOpening(tx.db, {
    userId: drawn.userId,
    pair: plan.pair,
    pack: plan.pack,
    draw: drawn.rolled,
    listed: drawn.listed,
    card: recordCard(plan.pack),
    offerExpiresAt: drawn.offerExpiresAt,
    points: drawn.points,
    mayUnlock: drawn.check.open.length > 0,
    now: tx.now(),
    key: drawn.input.idempotencyKey,
  });
}

/**
 * Step 4 of {@link openPack} for a `drawn` opening that `made` its record: grants the
 * achievements the pull unlocks; the pull as answered.
 */
async function finishPull(tx: TxCtx, drawn: DrawnOpening, made: RecordedOpening): Promise<Pull> {
  const { userId, plan, rolled, check, points } = drawn;
  const { pack } = plan;
  const { slab } = made;
  const card = {
    name: slab.name,
    description: made.description,
    rarity: rolled.rarity,
    grade: slab.grade,
    condition: PULLED_CARD_CONDITION,
    category: PULLED_CARD_CATEGORY,
    packCategory: pack.category,
    estimatedValueCents: slab.fmvCents,
  };
  const offer = { amountCents: made.offerCents, expiresAt: drawn.offerExpiresAt };
  tx.afterCommit(() => packOpeningsCommitted.inc());
  // The unit is taken at COMMIT (the stock trigger): visitors see the count left after it.
  invalidatePagesAfterCommit(tx, [pageTags.pack(pack.id), pageTags.packs]);
  const achievements = check.pullStats
    ? await grantAchievements(
        tx,
        check.open,
        new AchievementFacts(
          tx.db,
          userId,
          withPull(check.pullStats, { ...card, pricePaidCents: pack.priceCents }),
        ),
        { userId, source: `pack_opening:${made.openingId}` },
      )
    : [];
  return {
    openingId: made.openingId,
    packId: pack.id,
    card: {
      id: made.cardId,
      ...card,
      certNumber: slab.cert,
      slab: cardSlabOf(slab),
    },
    buyback: { offerId: made.offerId, ...offer },
    pointsEarned: points,
    achievements,
  };
}

type Tx = Parameters<Parameters<Ctx["db"]["transaction"]>[0]>[0];

/**
 * Runs `work` in a transaction and turns the refusals of the stock trigger, raised by COMMIT,
 * into DomainErrors: `out_of_stock` (SQLSTATE PV001) and `pack_changed` (PV002, the price, odds
 * or names changed since the draw read them).
 */
async function openingTransaction<T>(ctx: Ctx, work: (tx: TxCtx) => Promise<T>): Promise<T> {
  try {
    return await inTransaction(ctx, work);
  } catch (error) {
    if (hasSqlState(error, "PV001")) throw outOfStock();
    if (hasSqlState(error, "PV002")) {
      throw new DomainError("pack_changed", "This pack was just updated. Please try again.", 409);
    }
    throw error;
  }
}

type OpeningReadParam = "userIds" | "keys" | "packId" | "now";

/** {@link readForOpenings}'s statement, built once (docs/decisions/058-opening-statements-built-once.md). */
const openingRead = preparedSql(["userIds", "keys", "packId", "now"], (v) => {
  const userId = sql`opener.user_id`;
  return sql`SELECT s.user_id, s.id AS pair_id, s.server_seed, s.server_seed_hash, s.client_seed,
      s.nonce, p.id AS pack_id, p.name, p.category, p.price_cents, p.available_count, p.is_active,
      p.rarity_distribution, p.card_names, p.odds_commitment, p.pool_commitment,
      (SELECT o.id FROM pack_openings o
        WHERE o.user_id = ${userId} AND o.idempotency_key = opener.key) AS earlier_id,
      (SELECT w.balance_cents FROM wallet_accounts w WHERE w.user_id = ${userId}) AS balance_cents,
      ${playFactsSql({ userId, kind: "pack-spend" }, v.now)} AS play,
      ${achievementCheckSql(userId, "pack_opening")} AS achievement_check
    FROM unnest(${v.userIds}::text[], ${v.keys}::text[]) AS opener(user_id, key)
      JOIN fairness_seeds s ON s.user_id = opener.user_id AND s.revealed_at IS NULL
      LEFT JOIN packs p ON p.id = ${v.packId}::int
    ORDER BY s.user_id
    FOR UPDATE OF s`;
});

type OpeningReadRow = {
  user_id: string;
  pair_id: number;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  pack_id: number | null;
  name: string;
  category: string;
  price_cents: string;
  available_count: number;
  is_active: boolean;
  rarity_distribution: PackRow["rarityDistribution"];
  card_names: PackRow["cardNames"];
  odds_commitment: string;
  pool_commitment: string;
  earlier_id: number | null;
  balance_cents: string | null;
  play: PlayFacts;
  achievement_check: AchievementCheckJson;
};

/** What an opening reads of its opener and pack (see {@link readForOpenings}). */
type OpeningRead = ReturnType<typeof openingReadOf>;

/**
 * For each of `openers` (one opening each, of pack `packId`; each user at most once): the
 * user's active seed pair, locked FOR UPDATE in ascending user id, with the pack (null when
 * there is none with that id), the user's cached balance (null without a wallet), the id of the
 * opening their `key` already made (null if none), the play guard's facts at `now`, and the
 * achievements an opening may still unlock with, only when there are some, the user's pull
 * stats before this pull (`achievementCheckSql`), in one statement. A user without a seed pair
 * yet is not in the answer. It runs after the play locks, so it sees every guarded movement of
 * the users committed before. Written as SQL rather than with the query builder: building this
 * statement with it took about twice the Node CPU of the text; and the text is built once, with
 * placeholders, not per call.
 * @returns the reads by user id.
 */
async function readForOpenings(
  tx: Tx,
  packId: number,
  openers: readonly { userId: string; key: string }[],
  now: Date,
): Promise<Map<string, OpeningRead>> {
  const rows = await queryPrepared<OpeningReadRow, OpeningReadParam>(tx, openingRead, {
    userIds: openers.map((opener) => opener.userId),
    keys: openers.map((opener) => opener.key),
    packId,
    now,
  });
  return new Map(rows.map((row) => [row.user_id, openingReadOf(row)]));
}

function openingReadOf(row: OpeningReadRow) {
  const pair: OpeningSeedPair = {
    id: row.pair_id,
    serverSeed: row.server_seed,
    serverSeedHash: row.server_seed_hash,
    clientSeed: row.client_seed,
    nonce: row.nonce,
  };
  const pack: OpeningPack | null =
    row.pack_id === null
      ? null
      : {
          id: row.pack_id,
          name: row.name,
          category: row.category,
          priceCents: Number(row.price_cents),
          availableCount: row.available_count,
          isActive: row.is_active,
          rarityDistribution: row.rarity_distribution,
          cardNames: row.card_names,
          oddsCommitment: row.odds_commitment,
          poolCommitment: row.pool_commitment,
        };
  return {
    pair,
    pack,
    earlierId: row.earlier_id,
    balanceCents: row.balance_cents === null ? null : (Number(row.balance_cents) as Cents),
    play: row.play,
    achievementCheck: row.achievement_check,
  };
}

type ReadTx = Pick<Ctx["db"], "select">;

/**
 * The pull of one of the user's openings, as it was made (its card, buyback offer, points and
 * the achievements it unlocked), so a retry answers exactly like the first request.
 * @throws DomainError `opening_not_found` (404) when it is not theirs.
 */
export async function pullOf(tx: ReadTx, userId: string, openingId: number): Promise<Pull> {
  const [row] = await tx
    .select({
      openingId: packOpenings.id,
      packId: packOpenings.packId,
      card: userCards,
      slab: cardSlabColumns,
      offerId: buybackOffers.id,
      amountCents: buybackOffers.offerAmountCents,
      expiresAt: buybackOffers.expiresAt,
      pricePaidCents: packOpenings.pricePaidCents,
    })
    .from(packOpenings)
    .innerJoin(userCards, eq(userCards.id, packOpenings.cardId))
    .leftJoin(slabs, eq(slabs.id, userCards.slabId))
    .innerJoin(buybackOffers, eq(buybackOffers.cardId, userCards.id))
    .where(and(eq(packOpenings.id, openingId), eq(packOpenings.userId, userId)))
    .orderBy(buybackOffers.id)
    .limit(1);
  if (!row) throw new DomainError("opening_not_found", "Opening not found", 404);
  const { card, slab } = row;
  return {
    openingId: row.openingId,
    packId: row.packId,
    card: {
      id: card.id,
      name: card.cardName,
      description: card.cardDescription,
      rarity: card.rarity,
      grade: card.grade,
      condition: card.condition,
      category: card.category,
      packCategory: card.packCategory ?? card.category,
      estimatedValueCents: card.estimatedValueCents,
      certNumber: slab?.cert ?? null,
      slab: cardSlabOf(slab),
    },
    buyback: { offerId: row.offerId, amountCents: row.amountCents, expiresAt: row.expiresAt },
    pointsEarned: pointsForCents(row.pricePaidCents),
    achievements: await achievementsUnlockedBy(tx, `pack_opening:${row.openingId}`),
  };
}
