// Existing data across the slabs migration (drizzle/0022_slabs.sql; docs/design.md "Inventory (real
// slabs)"): a card pulled before packs drew real slabs keeps its row and its history, gets no
// slab and no invented cert, and the vault says it was issued before inventory-backed packs.
// The migrations are replayed on an in-memory PGlite of its own, stopping before 0022.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cryptoRandom, makeCtx } from "~/.server/context";
import { openDatabase, type DatabaseHandle } from "~/.server/db/client";
import { slabs, userCards } from "~/.server/db/schema";
import { loadVault } from "~/.server/vault/vault";
import { SlabCert } from "~/components/cards/slab-cert";

const DRIZZLE = path.resolve(import.meta.dirname, "../../drizzle");
const MIGRATIONS = readdirSync(DRIZZLE)
  .filter((file) => /^\d{4}_.*\.sql$/.test(file))
  .sort();

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openDatabase({ driver: "pglite" });
});
afterAll(() => handle.close());

/** Runs the migration files whose number is in [from, to), statement by statement. */
async function migrate(from: number, to: number): Promise<void> {
  for (const file of MIGRATIONS.filter(
    (f) => Number(f.slice(0, 4)) >= from && Number(f.slice(0, 4)) < to,
  )) {
    const text = readFileSync(path.join(DRIZZLE, file), "utf8");
    for (const statement of text.split("--> statement-breakpoint")) {
      if (statement.trim()) await handle.db.execute(sql.raw(statement));
    }
  }
}

describe("the slabs migration and the cards pulled before it", () => {
  it("keeps every card and marks it issued before inventory-backed packs, with no cert", async () => {
    await migrate(0, 22);
    await handle.db.execute(sql`
      INSERT INTO profiles (id, full_name, email) VALUES ('old-collector', 'Old Collector', 'old@example.com')`);
    await handle.db.execute(sql`
      INSERT INTO user_cards (user_id, card_name, card_description, category, rarity, grade, estimated_value_cents)
      VALUES ('old-collector', 'Charizard', 'Pulled in 2025', 'Trading Cards', 'legendary', 9.5, 41000),
             ('old-collector', 'Pidgey', 'Pulled in 2025', 'Trading Cards', 'common', 8.9, 1200)`);

    await migrate(22, 10_000);

    const kept = await handle.db
      .select()
      .from(userCards)
      .where(eq(userCards.userId, "old-collector"));
    expect(kept.map((card) => [card.cardName, card.estimatedValueCents, card.slabId])).toEqual(
      expect.arrayContaining([
        ["Charizard", 41_000, null],
        ["Pidgey", 1_200, null],
      ]),
    );
    expect(kept).toHaveLength(2);
    // No slab was invented for them.
    expect(await handle.db.select().from(slabs)).toEqual([]);

    const ctx = makeCtx({
      db: handle.db,
      actor: { userId: "old-collector", role: "user" },
      now: () => new Date("2026-11-01T12:00:00Z"),
      random: cryptoRandom,
      log: pino({ level: "silent" }),
    });
    const vault = await loadVault(ctx);
    expect(vault.cards).toHaveLength(2);
    for (const card of vault.cards) {
      expect(card).toMatchObject({ certNumber: null, slab: null });
      // What the vault tile prints in the cert's place: the honest note, no number at all.
      const printed = renderToStaticMarkup(createElement(SlabCert, { slab: card.slab }));
      expect(printed).toContain("Issued before inventory-backed packs");
      expect(printed).not.toMatch(/\d/);
    }
  });
});
