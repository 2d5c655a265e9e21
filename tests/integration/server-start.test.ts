import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { categories, events, products, salesActivity } from "~/.server/db/schema";
import { seedIfEmpty } from "~/.server/setup/seed";
import { databaseForFile } from "../helpers/file-setup";

const db = databaseForFile();

describe("first start", () => {
  it("seeds the catalogue, the spec's three events and a demo sales history once", async () => {
    expect(await seedIfEmpty(db.db, new Date("2026-11-01T12:00:00Z"))).toBe(true);
    const [p] = await db.db.select({ n: count() }).from(products);
    const [c] = await db.db.select({ n: count() }).from(categories);
    const [e] = await db.db.select({ n: count() }).from(events);
    const [s] = await db.db.select({ n: count() }).from(salesActivity);
    expect(p!.n).toBeGreaterThanOrEqual(40);
    expect(c!.n).toBe(5);
    expect(e!.n).toBe(3);
    expect(s!.n).toBeGreaterThan(0);
  });

  it("never reseeds a database that has data", async () => {
    expect(await seedIfEmpty(db.db, new Date())).toBe(false);
    const [p] = await db.db.select({ n: count() }).from(products);
    expect(p!.n).toBeLessThan(80);
  });

  it("runs migration work one instance at a time (the migration lock)", async () => {
    const order: string[] = [];
    const work = (name: string) => async () => {
      order.push(`${name} start`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      order.push(`${name} end`);
    };
    await Promise.all([db.exclusively(work("a")), db.exclusively(work("b"))]);
    expect(order).toEqual(["a start", "a end", "b start", "b end"]);
  });

  it("answers the readiness ping", async () => {
    await expect(db.ping()).resolves.toBeUndefined();
  });
});
