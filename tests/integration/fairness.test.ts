import { createHash, randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { fairnessSeeds, packOpenings } from "~/.server/db/schema";
import {
  fairnessOverview,
  rollDigest,
  rotateSeedPair,
  seedHash,
  setClientSeed,
} from "~/.server/packs/fairness";
import { openPack } from "~/.server/packs/opening";
import { verifyOpening } from "~/components/fairness/verify-opening";
import { drawRulesOf, poolRollsOf, slabIndexOf, type PoolDrawRolls } from "~/lib/fairness";
import { action, loader } from "~/routes/fairness";
import { as, makeCollector, routeContext, type Collector } from "../helpers/commerce";
import { databaseForFile, authForFile } from "../helpers/file-setup";
import { refusalOf } from "../helpers/forms";
import { clientSeedSchema } from "~/lib/schemas/fairness";
import { fund, makePack, settle } from "../helpers/packs";
import { postToAction, statusOf } from "../helpers/route-post";

const db = databaseForFile();
const auth = authForFile(db);

/** A collector with `cents` in their wallet and a fresh $25 pack with plenty of stock. */
async function collectorWithPack(cents = 20_000) {
  const user = await makeCollector(db);
  await fund(db, user.id, cents);
  const packId = await makePack(db, { priceCents: 2_500, availableCount: 50 });
  return { user, packId };
}

const open = (user: Collector, packId: number) =>
  openPack(as(db, user), { packId, idempotencyKey: randomUUID() });

/** The stored opening rows of a user, oldest first (the pack as it was, the proof). */
const storedOpenings = (user: Collector) =>
  db.db
    .select()
    .from(packOpenings)
    .where(eq(packOpenings.userId, user.id))
    .orderBy(packOpenings.id);

/** The active pair's server seed, read from the database (never from the overview). */
async function activeServerSeed(user: Collector): Promise<string> {
  const [pair] = await db.db
    .select({ serverSeed: fairnessSeeds.serverSeed })
    .from(fairnessSeeds)
    .where(and(eq(fairnessSeeds.userId, user.id), isNull(fairnessSeeds.revealedAt)));
  return pair!.serverSeed;
}

/** POSTs a /fairness form as `collector` (null: a visitor); a thrown redirect is returned. */
const post = (collector: Collector | null, fields: Record<string, string>) =>
  postToAction(action, "/fairness", routeContext(db, auth, collector), fields);

describe("an opening is reproducible from its revealed seeds", () => {
  it("recomputes the stored card from the revealed server seed, client seed and nonce", async () => {
    const { user, packId } = await collectorWithPack();
    const before = await fairnessOverview(as(db, user));
    expect(before.nonce).toBe(0);
    const pull = await open(user, packId);

    const [stored] = await storedOpenings(user);
    expect(stored!.serverSeedHash).toBe(before.serverSeedHash);
    const { revealedServerSeed } = await rotateSeedPair(as(db, user));

    // The hash shown before opening is the SHA-256 of the seed revealed after.
    expect(createHash("sha256").update(revealedServerSeed).digest("hex")).toBe(
      before.serverSeedHash,
    );
    expect(seedHash(revealedServerSeed)).toBe(before.serverSeedHash);

    // The revealed seed gives back the rarity and the slab's index in its tier (decision 037).
    const rolled = poolRollsOf(
      rollDigest(revealedServerSeed, stored!.clientSeed, stored!.nonce),
      drawRulesOf({ ...stored!, priceCents: stored!.pricePaidCents }).oddsBp,
    );
    const rolls = stored!.rolls as PoolDrawRolls;
    expect(rolled.rarity).toBe(pull.card.rarity);
    expect(rolls).toEqual({
      rarityRoll: rolled.rarityRoll,
      slabIndex: slabIndexOf(rolled.slabWord, rolls.tierSize),
      tierSize: rolls.tierSize,
      // One opening at a time: the claim took the slab at the index.
      shifted: false,
    });

    // /fairness lists it with the revealed seed, and the browser verifier (WebCrypto) agrees.
    const after = await fairnessOverview(as(db, user));
    const [listed] = after.openings;
    expect(listed).toMatchObject({
      openingId: pull.openingId,
      serverSeed: revealedServerSeed,
      serverSeedHash: before.serverSeedHash,
      nonce: 0,
      card: {
        name: pull.card.name,
        rarity: pull.card.rarity,
        grade: pull.card.grade,
        // Its name links to the card's page (/cards/{id}).
        catalogueCardId: pull.card.slab!.cardId,
      },
    });
    const verification = await verifyOpening({ ...listed!, serverSeed: revealedServerSeed });
    expect(verification.hashMatches).toBe(true);
    expect(verification.verdict).toBe("match");
  });

  it("a tampered stored result is a mismatch for the verifier", async () => {
    const { user, packId } = await collectorWithPack();
    await open(user, packId);
    const { revealedServerSeed } = await rotateSeedPair(as(db, user));
    const [listed] = (await fairnessOverview(as(db, user))).openings;
    const opening = { ...listed!, serverSeed: revealedServerSeed };
    const tampered = {
      ...opening,
      card: { ...opening.card, estimatedValueCents: opening.card.estimatedValueCents + 1 },
    };
    expect((await verifyOpening(tampered)).verdict).toBe("mismatch");
    const wrongSeed = await verifyOpening({ ...opening, serverSeed: "f".repeat(64) });
    expect(wrongSeed.hashMatches).toBe(false);
    expect(wrongSeed.verdict).toBe("mismatch");
  });
});

describe("nonces and seed pairs", () => {
  it("numbers openings 0, 1, 2 within a pair and starts again at 0 after a rotation", async () => {
    const { user, packId } = await collectorWithPack();
    for (let i = 0; i < 3; i++) await open(user, packId);
    const first = await fairnessOverview(as(db, user));
    expect(first.nonce).toBe(3);
    expect(first.openings.map((o) => o.nonce)).toEqual([2, 1, 0]);
    expect(new Set(first.openings.map((o) => o.serverSeedHash))).toEqual(
      new Set([first.serverSeedHash]),
    );

    const rotated = await rotateSeedPair(as(db, user));
    const second = await fairnessOverview(as(db, user));
    expect(second.nonce).toBe(0);
    expect(second.serverSeedHash).toBe(rotated.serverSeedHash);
    expect(second.serverSeedHash).not.toBe(first.serverSeedHash);
    expect(second.clientSeed).toBe(first.clientSeed);

    await open(user, packId);
    await open(user, packId);
    const rows = await storedOpenings(user);
    expect(rows.map((o) => o.nonce)).toEqual([0, 1, 2, 0, 1]);
    expect(rows.slice(3).map((o) => o.serverSeedHash)).toEqual([
      rotated.serverSeedHash,
      rotated.serverSeedHash,
    ]);
    expect((await fairnessOverview(as(db, user))).nonce).toBe(2);
  });

  it("changing the client seed changes later draws only", async () => {
    const { user, packId } = await collectorWithPack();
    const initial = await fairnessOverview(as(db, user));
    const earlier = await open(user, packId);
    const [earlierRow] = await storedOpenings(user);

    await setClientSeed(as(db, user), { clientSeed: "lucky-7" });
    const changed = await fairnessOverview(as(db, user));
    expect(changed.clientSeed).toBe("lucky-7");
    expect(changed.serverSeedHash).toBe(initial.serverSeedHash);
    expect(changed.nonce).toBe(1); // the nonce keeps counting
    await open(user, packId);

    const rows = await storedOpenings(user);
    expect(rows.map((o) => [o.clientSeed, o.nonce])).toEqual([
      [initial.clientSeed, 0],
      ["lucky-7", 1],
    ]);
    // The earlier opening is untouched: same record, same card.
    expect(rows[0]).toEqual(earlierRow);
    const { revealedServerSeed } = await rotateSeedPair(as(db, user));
    const drawOf = (row: (typeof rows)[number], clientSeed: string) => {
      const rolled = poolRollsOf(
        rollDigest(revealedServerSeed, clientSeed, row.nonce),
        drawRulesOf({ ...row, priceCents: row.pricePaidCents }).oddsBp,
      );
      const { tierSize } = row.rolls as PoolDrawRolls;
      return {
        rarity: rolled.rarity,
        rolls: {
          rarityRoll: rolled.rarityRoll,
          slabIndex: slabIndexOf(rolled.slabWord, tierSize),
          tierSize,
          shifted: false,
        },
      };
    };
    expect(drawOf(rows[0]!, initial.clientSeed).rarity).toBe(earlier.card.rarity);
    expect(drawOf(rows[0]!, initial.clientSeed).rolls).toEqual(rows[0]!.rolls);
    // The later one was drawn with the new client seed, not the old.
    expect(drawOf(rows[1]!, "lucky-7").rolls).toEqual(rows[1]!.rolls);
    expect(drawOf(rows[1]!, initial.clientSeed).rolls).not.toEqual(rows[1]!.rolls);
    expect(
      Buffer.from(rollDigest(revealedServerSeed, "lucky-7", 1)).equals(
        Buffer.from(rollDigest(revealedServerSeed, initial.clientSeed, 1)),
      ),
    ).toBe(false);
    // The client seed survives the rotation.
    expect((await fairnessOverview(as(db, user))).clientSeed).toBe("lucky-7");
  });
});

describe("seed changes at once", () => {
  // Meaningful on PostgreSQL (each call on its own pooled connection); on PGlite they queue.
  it("five rotations and five client-seed changes at once all succeed, leaving one active pair", async () => {
    const { user, packId } = await collectorWithPack();
    await open(user, packId);
    const before = await fairnessOverview(as(db, user));

    const { fulfilled, rejected } = await settle<{ revealedServerSeed: string } | null>([
      ...Array.from({ length: 5 }, () => rotateSeedPair(as(db, user))),
      ...Array.from({ length: 5 }, (_, i) =>
        setClientSeed(as(db, user), { clientSeed: `s-${i}` }).then(() => null),
      ),
    ]);

    expect(rejected).toEqual([]);
    expect(fulfilled).toHaveLength(10);
    const pairs = await db.db.select().from(fairnessSeeds).where(eq(fairnessSeeds.userId, user.id));
    expect(pairs.filter((pair) => pair.revealedAt === null)).toHaveLength(1);
    // Every rotation revealed a pair of its own: the first and four made by the others.
    expect(pairs).toHaveLength(6);
    const revealed = fulfilled.flatMap((r) => (r ? [r.revealedServerSeed] : []));
    expect(new Set(revealed).size).toBe(5);
    expect(revealed.map(seedHash)).toContain(before.serverSeedHash);
    const after = await fairnessOverview(as(db, user));
    expect(after.nonce).toBe(0);
    expect(after.clientSeed).toMatch(/^s-[0-4]$/);
  });
});

describe("what /fairness shows", () => {
  it("never returns the server seed while its pair is active", async () => {
    const { user, packId } = await collectorWithPack();
    await open(user, packId);
    await open(user, packId);
    const secret = await activeServerSeed(user);
    const overview = await fairnessOverview(as(db, user));
    expect(JSON.stringify(overview)).not.toContain(secret);
    expect(overview.openings.map((o) => o.serverSeed)).toEqual([null, null]);

    const { revealedServerSeed } = await rotateSeedPair(as(db, user));
    expect(revealedServerSeed).toBe(secret);
    await open(user, packId);
    const nextSecret = await activeServerSeed(user);
    const after = await fairnessOverview(as(db, user));
    expect(JSON.stringify(after)).not.toContain(nextSecret);
    expect(after.openings.map((o) => o.serverSeed)).toEqual([null, secret, secret]);

    // The page's loader gives the same: the seeds part only to a signed-in user.
    const page = await loader({
      request: new Request("http://localhost:3000/fairness"),
      params: {},
      context: routeContext(db, auth, user),
    } as Parameters<typeof loader>[0]);
    expect(JSON.stringify(page)).not.toContain(nextSecret);
    expect(page.overview?.serverSeedHash).toBe(after.serverSeedHash);
    const visitor = await loader({
      request: new Request("http://localhost:3000/fairness"),
      params: {},
      context: routeContext(db, auth, null),
    } as Parameters<typeof loader>[0]);
    expect(visitor.overview).toBeNull();
  });

  it("never shows another user's openings", async () => {
    const a = await collectorWithPack();
    const b = await collectorWithPack();
    const aPulls = [await open(a.user, a.packId), await open(a.user, a.packId)];
    const bPulls = [await open(b.user, b.packId)];
    const bSecret = (await rotateSeedPair(as(db, b.user))).revealedServerSeed;
    await rotateSeedPair(as(db, a.user));

    const aView = await fairnessOverview(as(db, a.user));
    const bView = await fairnessOverview(as(db, b.user));
    expect(aView.openings.map((o) => o.openingId).sort()).toEqual(
      aPulls.map((p) => p.openingId).sort(),
    );
    expect(bView.openings.map((o) => o.openingId)).toEqual(bPulls.map((p) => p.openingId));
    expect(JSON.stringify(aView)).not.toContain(bSecret);
    expect(aView.serverSeedHash).not.toBe(bView.serverSeedHash);
    await expect(fairnessOverview(db.ctx())).rejects.toMatchObject({ code: "not_signed_in" });
  });
});

describe("the client seed form", () => {
  it.each(["", "   ", "bad seed!", "x".repeat(65), "seed;drop", "ünïcode", "a:b"])(
    "refuses client seed %j with a 400 and changes nothing",
    async (clientSeed) => {
      const { user, packId } = await collectorWithPack();
      await open(user, packId);
      const before = await fairnessOverview(as(db, user));
      const answer = await post(user, { intent: "client-seed", clientSeed });
      expect(statusOf(answer)).toBe(400);
      expect(refusalOf(clientSeedSchema, clientSeed)).not.toBeNull();
      expect(await fairnessOverview(as(db, user))).toEqual(before);
    },
  );

  it("sets a valid client seed (trimmed) and comes back with 'Client seed updated'", async () => {
    const { user } = await collectorWithPack();
    const answer = (await post(user, {
      intent: "client-seed",
      clientSeed: "  My_Seed-42  ",
    })) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/fairness");
    expect(answer.headers.get("Set-Cookie")).toContain("packvault.toast=");
    expect((await fairnessOverview(as(db, user))).clientSeed).toBe("My_Seed-42");
    expect(await setClientSeed(as(db, user), { clientSeed: "x".repeat(64) })).toBeUndefined();
  });

  it("rotates through the form; refuses unknown intents; sends visitors to /auth", async () => {
    const { user } = await collectorWithPack();
    const before = await fairnessOverview(as(db, user));
    const rotated = (await post(user, { intent: "rotate" })) as Response;
    expect(rotated.status).toBe(302);
    expect(rotated.headers.get("Location")).toBe("/fairness");
    expect((await fairnessOverview(as(db, user))).serverSeedHash).not.toBe(before.serverSeedHash);

    const unchanged = await fairnessOverview(as(db, user));
    expect(statusOf(await post(user, { intent: "reveal-everything" }))).toBe(400);
    expect(statusOf(await post(user, {}))).toBe(400);
    expect(await fairnessOverview(as(db, user))).toEqual(unchanged);

    const visitor = (await post(null, { intent: "rotate" })) as Response;
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe("/auth?redirectTo=/fairness");
  });
});
