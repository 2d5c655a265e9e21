// The points leaderboard (docs/product/rewards.md): levels at their boundaries, ranking by
// total earned with ties to whoever reached it first, anonymity, the counts of a row, and the
// signed-in user's own rank below the top 100. Rows are seeded with direct inserts (the
// earning rules are tested in achievements.test.ts).
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Ctx } from "~/.server/context";
import { profiles, rewards, userAchievements } from "~/.server/db/schema";
import { updateLeaderboardPrivacy } from "~/.server/account/preferences";
import { getAccount } from "~/.server/account/profile";
import { createListing } from "~/.server/market/listings";
import {
  LEADERBOARD_LIMIT,
  listAchievements,
  loadLeaderboard,
  publicLeaderboard,
  type LeaderboardRow,
} from "~/.server/rewards/leaderboard";
import { LEVELS, levelFor, nextLevel } from "~/lib/levels";
import { databaseForFile } from "../helpers/file-setup";
import { listingForm } from "../helpers/market";
import { parsed } from "../helpers/forms";
import { createListingSchema } from "~/lib/schemas/market";

const NOW = new Date("2026-11-01T12:00:00Z");
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);

const db = databaseForFile();

type Seeded = { id: string; fullName: string; ctx: Ctx };

/**
 * Users with reward totals, inserted directly: `totalEarned` and when they reached it
 * (`reachedAt`, the rewards row's updated_at), `points` spendable (the total by default).
 */
async function seed(
  users: { totalEarned: number; reachedAt?: Date; points?: number; fullName?: string }[],
): Promise<Seeded[]> {
  const made = users.map((user, i) => {
    const id = `lb_${randomBytes(6).toString("hex")}`;
    return { ...user, id, fullName: user.fullName ?? `Collector ${id.slice(-6)} ${i}` };
  });
  if (made.length === 0) return [];
  await db.db
    .insert(profiles)
    .values(made.map((u) => ({ id: u.id, email: `${u.id}@example.com`, fullName: u.fullName })));
  await db.db.insert(rewards).values(
    made.map((u) => ({
      userId: u.id,
      points: u.points ?? u.totalEarned,
      totalEarned: u.totalEarned,
      updatedAt: u.reachedAt ?? NOW,
    })),
  );
  return made.map((u) => ({
    id: u.id,
    fullName: u.fullName,
    ctx: db.ctx({ actor: { userId: u.id, role: "user" }, now: NOW }),
  }));
}

/** The rows of `users`, in leaderboard order. */
function rowsOf(rows: LeaderboardRow[], users: Seeded[]): LeaderboardRow[] {
  const ids = new Set(users.map((u) => u.id));
  return rows.filter((row) => ids.has(row.userId));
}

describe("levels", () => {
  it.each([
    [0, "Bronze"],
    [999, "Bronze"],
    [1_000, "Silver"],
    [4_999, "Silver"],
    [5_000, "Gold"],
    [19_999, "Gold"],
    [20_000, "Platinum"],
    [1_000_000, "Platinum"],
  ])("a total earned of %i is %s", (total, level) => {
    expect(levelFor(total)).toBe(level);
  });

  it("says how far the next level is, and nothing past Platinum", () => {
    expect(nextLevel(0)).toEqual({ name: "Silver", pointsToGo: 1_000 });
    expect(nextLevel(999)).toEqual({ name: "Silver", pointsToGo: 1 });
    expect(nextLevel(1_000)).toEqual({ name: "Gold", pointsToGo: 4_000 });
    expect(nextLevel(19_999)).toEqual({ name: "Platinum", pointsToGo: 1 });
    expect(nextLevel(20_000)).toBeNull();
    expect(LEVELS.map((l) => [l.name, l.from])).toEqual([
      ["Platinum", 20_000],
      ["Gold", 5_000],
      ["Silver", 1_000],
      ["Bronze", 0],
    ]);
  });
});

describe("the leaderboard", () => {
  it("is empty before anyone earned points, for a visitor and for a signed-in user", async () => {
    expect(await loadLeaderboard(db.ctx())).toEqual({ rows: [], me: null });
    const [zero] = await seed([{ totalEarned: 0 }]);
    expect(await loadLeaderboard(zero!.ctx)).toEqual({ rows: [], me: null });
  });

  it("gives each row its level from total earned, at the boundaries", async () => {
    const users = await seed(
      [999, 1_000, 4_999, 5_000, 19_999, 20_000].map((totalEarned) => ({ totalEarned })),
    );
    const rows = rowsOf((await loadLeaderboard(db.ctx())).rows, users);
    expect(rows.map((row) => [row.totalEarned, row.level])).toEqual([
      [20_000, "Platinum"],
      [19_999, "Gold"],
      [5_000, "Gold"],
      [4_999, "Silver"],
      [1_000, "Silver"],
      [999, "Bronze"],
    ]);
  });

  it("ranks by total earned, not by spendable points, ties going to whoever reached it first", async () => {
    const [late, early, top, spender, middle] = await seed([
      { totalEarned: 300_000, reachedAt: minutesAgo(1) },
      { totalEarned: 300_000, reachedAt: minutesAgo(30) },
      { totalEarned: 400_000, reachedAt: minutesAgo(5) },
      { totalEarned: 350_000, points: 10, reachedAt: minutesAgo(2) },
      { totalEarned: 300_000, reachedAt: minutesAgo(10) },
    ]);

    const { rows } = await loadLeaderboard(db.ctx());

    expect(rows.slice(0, 5).map((row) => row.userId)).toEqual([
      top!.id,
      spender!.id,
      early!.id,
      middle!.id,
      late!.id,
    ]);
    expect(rows.map((row) => row.rank)).toEqual(rows.map((_, i) => i + 1));
    expect(rows[1]).toMatchObject({ points: 10, totalEarned: 350_000, level: "Platinum" });
    // Everyone else ranks below the top 5, each once.
    expect(new Set(rows.map((row) => row.userId)).size).toBe(rows.length);
    for (let i = 1; i < rows.length; i++) {
      expect(rows[i]!.totalEarned).toBeLessThanOrEqual(rows[i - 1]!.totalEarned);
    }
  });

  it("breaks a tie of the same total and the same moment by user id, the same on every read", async () => {
    const at = minutesAgo(60);
    const twins = await seed([
      { totalEarned: 2_500, reachedAt: at },
      { totalEarned: 2_500, reachedAt: at },
      { totalEarned: 2_500, reachedAt: at },
    ]);
    const first = rowsOf((await loadLeaderboard(db.ctx())).rows, twins);
    const again = rowsOf((await loadLeaderboard(db.ctx())).rows, twins);
    expect(first.map((row) => row.userId)).toEqual(twins.map((t) => t.id).sort());
    expect(again).toEqual(first);
  });

  it("shows a collector by initials unless they choose their full name or 'Anonymous'", async () => {
    const [shy] = await seed([{ totalEarned: 1_234, fullName: "Shy Collector" }]);
    const rowOf = async () =>
      (await loadLeaderboard(db.ctx())).rows.find((row) => row.userId === shy!.id);
    // By default: initials, and the full name is nowhere in what the page gets.
    expect((await rowOf())?.name).toBe("S. C.");
    expect(JSON.stringify(await loadLeaderboard(db.ctx()))).not.toContain("Shy Collector");
    expect((await getAccount(shy!.ctx)).leaderboardName).toBe("initials");

    await updateLeaderboardPrivacy(shy!.ctx, { leaderboardName: "anonymous" });
    const hidden = await rowOf();
    expect(hidden).toMatchObject({ name: null, totalEarned: 1_234, level: "Silver" });
    const mine = await loadLeaderboard(shy!.ctx);
    expect(mine.me).toMatchObject({ userId: shy!.id, name: null, rank: hidden!.rank });
    expect(JSON.stringify(await loadLeaderboard(db.ctx()))).not.toContain("S. C.");

    await updateLeaderboardPrivacy(shy!.ctx, { leaderboardName: "full" });
    expect((await rowOf())?.name).toBe("Shy Collector");
    expect((await getAccount(shy!.ctx)).leaderboardName).toBe("full");
    await updateLeaderboardPrivacy(shy!.ctx, { leaderboardName: "initials" });
    expect((await rowOf())?.name).toBe("S. C.");
  });

  it("sends the page no user id, for anyone, and flags the viewer's own row instead", async () => {
    const [shy, open] = await seed([
      { totalEarned: 9_001, fullName: "Hidden Holder" },
      { totalEarned: 9_000, fullName: "Open Holder" },
    ]);
    await updateLeaderboardPrivacy(shy!.ctx, { leaderboardName: "anonymous" });
    await updateLeaderboardPrivacy(open!.ctx, { leaderboardName: "full" });
    const forVisitor = publicLeaderboard(await loadLeaderboard(db.ctx()), null);
    const forOpen = publicLeaderboard(await loadLeaderboard(open!.ctx), open!.id);
    for (const page of [forVisitor, forOpen]) {
      const text = JSON.stringify(page);
      expect(text).not.toContain(shy!.id);
      expect(text).not.toContain(open!.id);
      expect(text).not.toContain("userId");
    }
    expect(forVisitor.rows.some((row) => row.own)).toBe(false);
    expect(forOpen.rows.filter((row) => row.own).map((row) => row.name)).toEqual(["Open Holder"]);
    expect(forOpen.me).toMatchObject({ own: true, name: "Open Holder" });
  });

  it("refuses a visitor's privacy change", async () => {
    await expect(
      updateLeaderboardPrivacy(db.ctx(), { leaderboardName: "anonymous" }),
    ).rejects.toMatchObject({ code: "not_signed_in" });
  });

  it("shows a blank name as 'Anonymous' too (null), never an empty string", async () => {
    const [blank] = await seed([{ totalEarned: 777, fullName: "   " }]);
    const row = (await loadLeaderboard(db.ctx())).rows.find((r) => r.userId === blank!.id);
    expect(row?.name).toBeNull();
  });

  it("counts each row's listings and achievements unlocked", async () => {
    const [seller] = await seed([{ totalEarned: 0 }]);
    await createListing(
      seller!.ctx,
      parsed(createListingSchema, listingForm({ title: "Sealed box one" })),
    );
    await createListing(
      seller!.ctx,
      parsed(createListingSchema, listingForm({ title: "Sealed box two" })),
    );
    await db.db.insert(userAchievements).values({
      userId: seller!.id,
      achievementId: "first_trade",
      source: "test",
      unlockedAt: NOW,
    });

    const row = (await loadLeaderboard(db.ctx())).rows.find((r) => r.userId === seller!.id);

    // 'Open for Business' (50 points) made the seller's first points.
    expect(row).toMatchObject({
      totalListings: 2,
      achievementsUnlocked: 2,
      totalEarned: 50,
      points: 50,
      level: "Bronze",
    });
  });

  it("marks the achievements the signed-in user unlocked, with when", async () => {
    const [fan] = await seed([{ totalEarned: 10 }]);
    await db.db.insert(userAchievements).values({
      userId: fan!.id,
      achievementId: "first_pull",
      source: "test",
      unlockedAt: minutesAgo(3),
    });

    const mine = await listAchievements(fan!.ctx);
    const visitor = await listAchievements(db.ctx());

    expect(mine.find((a) => a.id === "first_pull")?.unlockedAt).toEqual(minutesAgo(3));
    expect(mine.filter((a) => a.unlockedAt !== null)).toHaveLength(1);
    expect(visitor.every((a) => a.unlockedAt === null)).toBe(true);
    expect(mine.map((a) => a.id)).toEqual(visitor.map((a) => a.id));
    expect(mine[0]).toMatchObject({
      name: expect.any(String),
      description: expect.any(String),
      category: expect.stringMatching(/^(packs|marketplace|vault|other)$/),
    });
  });

  it("stops at 100 rows and gives the signed-in user their own rank below them", async () => {
    // 105 users above everyone seeded so far, then one just below them.
    const crowd = await seed(
      Array.from({ length: 105 }, (_, i) => ({
        totalEarned: 1_000_000 + i,
        reachedAt: minutesAgo(i),
      })),
    );
    const [trailer] = await seed([{ totalEarned: 999_999, fullName: "Trailing Collector" }]);

    const { rows, me } = await loadLeaderboard(trailer!.ctx);

    expect(rows).toHaveLength(LEADERBOARD_LIMIT);
    expect(rows[0]!.userId).toBe(crowd.at(-1)!.id);
    expect(rows.every((row) => row.userId !== trailer!.id)).toBe(true);
    expect(me).toMatchObject({
      userId: trailer!.id,
      rank: 106,
      name: "T. C.",
      totalEarned: 999_999,
      level: "Platinum",
    });

    // Someone in the top 100 finds their row among the rows, with the same rank.
    const tenth = crowd[crowd.length - 10]!;
    const theirs = await loadLeaderboard(tenth.ctx);
    expect(theirs.me).toEqual(theirs.rows[9]);
    expect(theirs.me?.rank).toBe(10);

    // A visitor gets the rows and no own row.
    expect((await loadLeaderboard(db.ctx())).me).toBeNull();
  });

  // After the 105 of the test above (and the trailing collector at 999,999).
  it("counts a tie on total above the user when its holder reached it first", async () => {
    const [first, second] = await seed([
      { totalEarned: 999_998, reachedAt: minutesAgo(500) },
      { totalEarned: 999_998, reachedAt: minutesAgo(100) },
    ]);
    const a = await loadLeaderboard(first!.ctx);
    const b = await loadLeaderboard(second!.ctx);
    // 105 above both, the trailing collector (999,999) too.
    expect(a.me?.rank).toBe(107);
    expect(b.me?.rank).toBe(108);
  });

  it("leaves out a user whose rewards row says 0 earned", async () => {
    const [nobody] = await seed([{ totalEarned: 0 }]);
    const { rows, me } = await loadLeaderboard(nobody!.ctx);
    expect(me).toBeNull();
    expect(rows.some((row) => row.userId === nobody!.id)).toBe(false);
  });
});
