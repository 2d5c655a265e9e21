import { count, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { categories, events, packs, products, salesActivity } from "../../db/schema";
import { SEED_CATEGORIES, SEED_EVENTS, SEED_PRODUCTS, SEED_SALES } from "./catalog-data";
import { CARD_NAMES_BY_CATEGORY, SEED_PACKS } from "./packs-data";
import { seedInventory } from "./inventory";
import { seedComps } from "./comps";
import { linkProductCards } from "./product-cards";
import { recordOdds } from "../../packs/odds";
import { categorySlug } from "~/lib/catalog";
import { dollarsToCents } from "~/lib/money";
import { STORE_LOCATION } from "~/lib/store";
import { storeLocalTime } from "~/lib/time";

const DAY_MS = 86_400_000;

/**
 * Seeds the catalogue, events, packs with their pools (the card catalogue and the house's slabs:
 * app/.server/setup/seed/inventory.ts), a comp history with the cards' values
 * (app/.server/setup/seed/comps.ts) and demo sales in one transaction, unless the database
 * already has categories (a database with data is never reseeded). Safe when several
 * instances start at once on PostgreSQL: an advisory lock serialises them.
 * @param now the seed's clock: product ages and sale times are relative to it.
 * @returns whether it seeded.
 */
export async function seedIfEmpty(db: Database, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7247)`);
    const [existing] = await tx.select({ n: count() }).from(categories);
    if ((existing?.n ?? 0) > 0) return false;

    const inserted = await tx
      .insert(categories)
      .values(SEED_CATEGORIES.map((c) => ({ ...c, slug: categorySlug(c.name) })))
      .returning({ id: categories.id, name: categories.name });
    const categoryId = new Map(inserted.map((c) => [c.name, c.id]));

    await tx.insert(products).values(
      SEED_PRODUCTS.map((p, i) => ({
        name: p.name,
        categoryId: categoryId.get(p.category)!,
        priceCents: dollarsToCents(p.price),
        compareAtCents: p.compareAt ? dollarsToCents(p.compareAt) : null,
        rarity: p.rarity,
        condition: p.condition,
        stock: p.stock,
        description: p.description,
        isFeatured: p.featured ?? false,
        // Deterministic spread so every sort has something to order by.
        rating: 3.8 + ((i * 7) % 13) / 10,
        reviewCount: (i * 37) % 240,
        unitsSold: (i * 53) % 400,
        trendingScore: (i * 71) % 1000,
        createdAt: new Date(now.getTime() - i * 2 * DAY_MS),
      })),
    );

    await tx.insert(events).values(
      SEED_EVENTS.map((e) => ({
        title: e.title,
        description: e.description,
        startsAt: storeLocalTime(now, e.dayOffset, e.start),
        endsAt: storeLocalTime(now, e.dayOffset, e.end),
        location: STORE_LOCATION,
      })),
    );

    await tx.insert(salesActivity).values(
      SEED_SALES.map((s) => ({
        cardName: s.cardName,
        category: s.category,
        rarity: s.rarity,
        salePriceCents: dollarsToCents(s.price),
        soldAt: new Date(now.getTime() - s.minutesAgo * 60_000),
      })),
    );
    const seededPacks = SEED_PACKS.map((p) => ({
      name: p.name,
      description: p.description,
      category: p.category,
      priceCents: dollarsToCents(p.price),
      availableCount: p.availableCount,
      isActive: p.isActive ?? true,
      rarityDistribution: p.rarityDistribution,
      cardNames: CARD_NAMES_BY_CATEGORY[p.category],
    }));
    const commitments: string[] = [];
    for (const pack of seededPacks) commitments.push(await recordOdds({ db: tx }, pack));
    const packRows = await tx
      .insert(packs)
      .values(seededPacks.map((pack, i) => ({ ...pack, oddsCommitment: commitments[i]! })))
      .returning({ id: packs.id });
    await seedInventory(
      tx,
      SEED_PACKS.map((pack, i) => ({
        id: packRows[i]!.id,
        category: pack.category,
        priceCents: seededPacks[i]!.priceCents,
        units: pack.availableCount,
        rarityDistribution: pack.rarityDistribution,
      })),
      now.toISOString().slice(0, 10),
      // The demo history (demo-activity.ts) opens packs from six days before `now`.
      new Date(now.getTime() - 7 * DAY_MS),
    );
    await seedComps(tx, now);
    await linkProductCards(tx);
    return true;
  });
}
