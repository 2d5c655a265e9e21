// A card's page (docs/product/value.md "A card's page"; docs/decisions/051-card-page-weight.md):
// the page counts each grade's sales; every comp reaches the chart (fetched with it) as a short
// point per grader and grade, an excluded one with its reason; only the newest comps come in
// full; an unknown card is null and has no history.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "~/.server/context";
import { comps } from "~/.server/db/schema";
import { RECENT_SALES, loadCardPage } from "~/.server/value/card-page";
import { loadPriceHistory } from "~/.server/value/price-history";
import { importComps } from "~/.server/value/comp-import";
import { excludeComp } from "~/.server/value/comps";
import { makeCollector, type Collector } from "../helpers/commerce";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { pullOfFreshCard } from "../helpers/value";

let db: TestDatabase;
let admin: Collector;
const NOW = new Date();
const DAY_MS = 86_400_000;
const daysAgo = (n: number) => new Date(NOW.getTime() - n * DAY_MS).toISOString().slice(0, 10);
const midnight = (n: number) => new Date(`${daysAgo(n)}T00:00:00.000Z`).getTime();

beforeAll(async () => {
  db = await createTestDatabase();
  admin = await makeCollector(db);
});
afterAll(() => db.destroy());

const asAdmin = () =>
  db.ctx({ actor: { userId: admin.id, role: "admin" } satisfies Actor, now: NOW });

/** A fresh catalogue card (a pulled slab's), with no comps of its own yet. */
const freshCard = async () => (await pullOfFreshCard(db)).slab.cardId;

describe("loadCardPage", () => {
  it("gives the chart every comp as [at, price] per grade (an excluded one with its reason) and only the newest in full", async () => {
    const card = await freshCard();
    // 12 PSA 9 sales on days 12..1 ago ($100..$111), then 2 BGS 9.5 sales today.
    const psa = Array.from(
      { length: 12 },
      (_, i) => `${card},PSA,9,${100 + i}.00,${daysAgo(12 - i)},eBay,`,
    );
    const bgs = [
      `${card},BGS,9.5,300.00,${daysAgo(0)},Goldin,https://goldin.co/1`,
      `${card},BGS,9.5,310.00,${daysAgo(0)},Goldin,`,
    ];
    await importComps(asAdmin(), {
      format: "csv",
      text: ["card,grader,grade,price,date,source,url", ...psa, ...bgs].join("\n"),
    });
    const [cheapest] = await db.db
      .select({ id: comps.id })
      .from(comps)
      .where(and(eq(comps.cardId, card), eq(comps.priceCents, 10_000)));
    await excludeComp(asAdmin(), { compId: cheapest!.id, reason: "Shill sale" });

    const page = await loadCardPage(db.ctx({ now: NOW }), card);
    expect(page!.grades).toEqual([
      { grade: "PSA 9", counted: 11, excluded: 1 },
      { grade: "BGS 9.5", counted: 2, excluded: 0 },
    ]);
    const history = await loadPriceHistory(db.ctx({ now: NOW }), card);
    expect(history.map((h) => h.grade)).toEqual(["PSA 9", "BGS 9.5"]);
    const [psaPoints, bgsPoints] = history.map((h) => h.points);
    expect(psaPoints).toHaveLength(12);
    expect(psaPoints![0]).toEqual([midnight(12), 10_000, "Shill sale"]);
    expect(psaPoints![1]).toEqual([midnight(11), 10_100]);
    expect(psaPoints!.at(-1)).toEqual([midnight(1), 11_100]);
    expect(bgsPoints!.map((p) => p[1])).toEqual([30_000, 31_000]);

    // The full rows: the newest RECENT_SALES, newest first, with source and link.
    expect(page!.recent).toHaveLength(RECENT_SALES);
    expect(page!.recent.map((c) => c.priceCents).slice(0, 4)).toEqual([
      31_000, 30_000, 11_100, 11_000,
    ]);
    expect(page!.recent[1]).toMatchObject({
      grader: "BGS",
      grade: 9.5,
      source: "Goldin",
      url: "https://goldin.co/1",
      listingId: null,
      excludedReason: null,
    });
  });

  it("says a card with no comps has no history, and an unknown card is null", async () => {
    const card = await freshCard();
    const page = await loadCardPage(db.ctx({ now: NOW }), card);
    expect(page).toMatchObject({ grades: [], recent: [] });
    expect(await loadPriceHistory(db.ctx({ now: NOW }), card)).toEqual([]);
    expect(await loadCardPage(db.ctx({ now: NOW }), 987_654_321)).toBeNull();
    expect(await loadPriceHistory(db.ctx({ now: NOW }), 987_654_321)).toEqual([]);
  });
});
