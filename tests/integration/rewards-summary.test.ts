import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "~/.server/context";
import { rewardTransactions, rewards } from "~/.server/db/schema";
import { getRewardsSummary } from "~/.server/rewards/summary";
import { bareCollectorCtx } from "../helpers/commerce";
import { databaseForFile } from "../helpers/file-setup";

const NOW = new Date("2026-11-01T12:00:00Z");
const db = databaseForFile();
let ada: Ctx;
let bo: Ctx;
beforeAll(async () => {
  ada = await bareCollectorCtx(db, "ada", NOW);
  bo = await bareCollectorCtx(db, "bo", NOW);
});

describe("rewards summary", () => {
  it("is 0 points and no activity for a collector who never earned any", async () => {
    expect(await getRewardsSummary(ada)).toEqual({ points: 0, totalEarned: 0, recent: [] });
  });

  it("shows the balance, the total earned and the last 10 transactions, newest first", async () => {
    // 12 purchases an hour apart, inserted oldest last so order comes from created_at.
    const entries = Array.from({ length: 12 }, (_, i) => ({
      userId: "ada",
      points: 10 + i,
      type: "purchase",
      description: `Purchase of $${10 + i}.00`,
      createdAt: new Date(NOW.getTime() - (12 - i) * 3_600_000),
    })).reverse();
    await db.db.insert(rewardTransactions).values(entries);
    await db.db.insert(rewardTransactions).values({
      userId: "bo",
      points: 500,
      type: "purchase",
      description: "Purchase of $500.00",
      createdAt: NOW,
    });
    await db.db.insert(rewards).values([
      { userId: "ada", points: 150, totalEarned: 186 },
      { userId: "bo", points: 500, totalEarned: 500 },
    ]);

    const summary = await getRewardsSummary(ada);
    expect(summary.points).toBe(150);
    expect(summary.totalEarned).toBe(186);
    expect(summary.recent).toHaveLength(10);
    expect(summary.recent.map((t) => t.points)).toEqual([21, 20, 19, 18, 17, 16, 15, 14, 13, 12]);
    expect(summary.recent[0]).toMatchObject({
      type: "purchase",
      description: "Purchase of $21.00",
      createdAt: new Date(NOW.getTime() - 3_600_000),
    });
    expect((await getRewardsSummary(bo)).recent.map((t) => t.description)).toEqual([
      "Purchase of $500.00",
    ]);
  });

  it("refuses a visitor", async () => {
    await expect(getRewardsSummary(db.ctx())).rejects.toMatchObject({ code: "not_signed_in" });
  });
});
