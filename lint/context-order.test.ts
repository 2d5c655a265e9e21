import { describe, expect, it } from "vitest";
import { lintTextWith } from "./lint-text";
import { contextOrderConfig } from "./context-order.js";
import { CONTEXT_TIERS, tierOf } from "./contexts.js";

const messagesOf = lintTextWith(contextOrderConfig);

describe("the context-order lint rule", () => {
  it.each([
    ["app/.server/db/schema/x.ts", 'import { openPack } from "~/.server/packs/opening";', "packs"],
    ["app/.server/market/x.ts", 'import { seed } from "../setup/seed";', "setup"],
    ["app/.server/policy/permissions.ts", 'import { x } from "../admin/users";', "admin"],
    ["app/.server/context.ts", 'import type { X } from "./vault/vault";', "vault"],
    ["app/.server/mail/x.ts", 'export * from "../wallet/ledger";', "wallet"],
    ["app/.server/queue/queue.ts", 'const m = await import("../jobs/system-jobs");', "jobs"],
    [
      "app/.server/policy/actor.ts",
      'import { listings } from "~/.server/market/listings";',
      "market",
    ],
    ["app/.server/db/client.ts", 'import { schedule } from "../queue/queue";', "queue"],
    ["app/.server/packs/x.ts", 'import { runIntent } from "~/.server/http/run-intent";', "http"],
  ])("refuses %s: %s", async (file, code, to) => {
    const messages = await messagesOf(file, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/^packvault-contexts\/context-order: Context order/);
    expect(messages[0]).toContain(`may not import ${to} (`);
  });

  it.each([
    ["app/.server/packs/x.ts", 'import { ownerId } from "../policy/account-ctx";'],
    ["app/.server/media/photos.ts", 'import { audit } from "~/.server/policy/audit";'],
    ["app/.server/market/x.ts", 'import { vault } from "../vault/vault";'],
    ["app/.server/setup/seed/x.ts", 'import { openPack } from "../../packs/opening";'],
    ["app/.server/jobs/system-jobs.ts", 'import { x } from "../market/offers";'],
    ["app/.server/wallet/x.ts", 'import { formatCents } from "~/lib/money";'],
    ["app/.server/packs/opening.test.ts", 'import { seed } from "../setup/seed";'],
    ["app/.server/queue/queue.ts", 'import { db } from "../db/client";'],
    ["app/.server/context.ts", 'import type { SalesFeed } from "./sales-feed";'],
  ])("lets %s: %s", async (file, code) => {
    expect(await messagesOf(file, code)).toEqual([]);
  });

  it("refuses a module no tier declares", async () => {
    const messages = await messagesOf("app/.server/newcontext/x.ts", "export const x = 1;");
    expect(messages).toEqual([
      "packvault-contexts/context-order: Context order: app/.server/newcontext/x.ts is in no tier of lint/contexts.js; add its context there.",
    ]);
  });

  it("judges a file by its context, the first segment of its path", () => {
    expect(tierOf("queue/queue.ts")?.tier).toBe("infrastructure");
    expect(tierOf("jobs/system-jobs.ts")?.tier).toBe("drivers");
    expect(tierOf("policy/actor")?.tier).toBe("shared policy");
    expect(tierOf("sales-feed.ts")).toEqual({ index: 0, tier: "foundation", entry: "sales-feed" });
    expect(tierOf("market/settlement.ts")?.tier).toBe("domains");
    expect(tierOf("nowhere/x.ts")).toBeNull();
  });

  it("declares contexts only: every entry is one top-level name, in one tier", () => {
    const entries = CONTEXT_TIERS.flatMap(({ entries }) => entries);
    expect(entries.filter((entry) => entry.includes("/"))).toEqual([]);
    expect(new Set(entries).size).toBe(entries.length);
  });
});
