import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "../../db/client";
import {
  buybackOffers,
  listings,
  packOpenings,
  packs,
  profiles,
  slabs,
  userCards,
} from "../../db/schema";
import { createAuction } from "../../auctions/create-auction";
import { placeBid } from "../../auctions/place-bid";
import { placeStandingBid } from "../../auctions/place-standing-bid";
import { makeCtx } from "../../context";
import { openPack } from "../../packs/opening";
import { createListing } from "../../market/listings";
import { buyNow } from "../../market/settlement";
import { acceptBuyback } from "../../vault/buyback";
import { postMovement, userBalanceCents } from "../../wallet/ledger";
import { DEMO_STARTING_BALANCE_CENTS } from "./packs-data";
import type { Pull } from "~/lib/domain/packs";
import type { ListingCategory } from "~/lib/market";
import { createListingSchema } from "~/lib/schemas/market";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Demo collectors who only show activity: they have no credential account, so nobody can sign
 * in as them. Their emails are on a reserved domain (RFC 2606).
 */
export const DEMO_CROWD = [
  { fullName: "Nova Vaultkeeper", email: "nova@demo.packvault.example" },
  { fullName: "Kai Slabhunter", email: "kai@demo.packvault.example" },
  { fullName: "Iris Foilworth", email: "iris@demo.packvault.example" },
  { fullName: "Theo Gradewell", email: "theo@demo.packvault.example" },
] as const;

/** The packs the demo collectors open, by name, cheapest first (all seeded, all active). */
const DEMO_PACKS = [
  "Kanto Starter Pack",
  "Dominaria Draft Pack",
  "Diamond Classics",
  "Silver Age Pack",
  "Hardwood Rookies",
];

/** The marketplace category a pulled card of a pack category is listed in. */
const LISTING_CATEGORY: Record<string, ListingCategory> = {
  Pokemon: "Pokemon",
  MTG: "Magic: The Gathering",
  Comics: "Comics",
  "Star Wars": "Star Wars",
  Sports: "Sports",
  Basketball: "Sports",
};

/** A listing price: the card's value plus a markup of 10-40 %, in whole dollars, as typed. */
function askingPrice(valueCents: number, step: number): string {
  return String(Math.max(5, Math.round((valueCents * (110 + (step % 4) * 10)) / 10_000)));
}

/**
 * Gives a new shop a living first visit (docs/decisions/026-art-and-demo-shop.md): the
 * {@link DEMO_CROWD} get verified, adult profiles marked `is_demo` and a demo starting balance
 * (a `top_up` ledger movement, as the seeded sign-in collectors get); then every demo
 * collector (those and the ones `seedUsers` made, all `is_demo`) opens three packs, lists two
 * of the pulls on the marketplace, and a few buy each other's listings; the first rare or
 * legendary pull, if any, is sold back to the house. Everything goes through the real domain
 * functions (openPack, createListing, buyNow, acceptBuyback) with a clock set in the past,
 * spread over the six days before `now`, so money moves through the ledger, points, levels and
 * achievements are earned as for anyone, and Latest Sales, the marketplace and the leaderboard
 * fill up. Runs only on a shop without any pack opening or listing (a shop with activity is
 * never touched) and when demo collectors exist; each step is its own transaction.
 * @param now the first start's clock; activity is dated up to six days before it.
 * @returns whether it seeded.
 */
export async function seedDemoActivity(db: Database, log: Logger, now: Date): Promise<boolean> {
  const [opened] = await db.select({ n: count() }).from(packOpenings);
  const [anyListing] = await db.select({ n: count() }).from(listings);
  if ((opened?.n ?? 0) > 0 || (anyListing?.n ?? 0) > 0) return false;
  const existing = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.isDemo, true));
  if (existing.length === 0) return false;

  const crowd = await db.transaction(async (tx) => {
    const ids: string[] = [];
    for (const person of DEMO_CROWD) {
      const id = `demo-${person.email.split("@")[0]}`;
      const [row] = await tx
        .insert(profiles)
        .values({
          id,
          ...person,
          emailVerified: true,
          dateOfBirth: "1990-01-01",
          isDemo: true,
        })
        .onConflictDoNothing()
        .returning({ id: profiles.id });
      if (!row) continue;
      await postMovement(tx, {
        kind: "top_up",
        reference: `seed:demo-balance:${id}`,
        description: "Demo starting balance",
        legs: [{ account: { userId: id }, amountCents: DEMO_STARTING_BALANCE_CENTS }],
      });
      ids.push(id);
    }
    return ids;
  });
  const collectors = [...existing.map((row) => row.id), ...crowd];

  const packRows = await db
    .select({ id: packs.id, name: packs.name })
    .from(packs)
    .where(and(inArray(packs.name, DEMO_PACKS), eq(packs.isActive, true)))
    .orderBy(asc(packs.priceCents));
  if (packRows.length === 0) return false;

  // Each step happens at its own time, walking forward from six days ago, 3 hours apart
  // (about 40 steps: the last is hours before `now`).
  let step = 0;
  const as = (userId: string) => {
    const at = new Date(now.getTime() - (6 * 24 - step++ * 3) * HOUR_MS);
    return makeCtx({ db, actor: { userId, role: "user" }, now: () => at, log });
  };

  // The first rare-or-better pull is sold back to the house within its offer's 24 hours.
  let soldBack: number | null = null;
  const pulls = new Map<string, Pull[]>();
  for (const [i, userId] of collectors.entries()) {
    const mine: Pull[] = [];
    for (let n = 0; n < 3; n++) {
      const pack = packRows[(i + n) % packRows.length]!;
      const pull = await openPack(as(userId), {
        packId: pack.id,
        idempotencyKey: `seed-demo-${i}-${n}`,
      });
      if (soldBack === null && (pull.card.rarity === "rare" || pull.card.rarity === "legendary")) {
        const [offer] = await db
          .select({ id: buybackOffers.id })
          .from(buybackOffers)
          .where(eq(buybackOffers.cardId, pull.card.id));
        await acceptBuyback(as(userId), { offerId: offer!.id });
        soldBack = pull.card.id;
      } else mine.push(pull);
    }
    pulls.set(userId, mine);
  }

  const listed: { sellerId: string; listingId: number; priceCents: number }[] = [];
  for (const [userId, mine] of pulls) {
    for (const pull of mine.slice(0, 2)) {
      const { card } = pull;
      const price = askingPrice(card.estimatedValueCents, step);
      const form = createListingSchema.parse({
        title: `${card.name} PVG ${card.grade.toFixed(1)}`,
        description: `${card.description} Graded ${card.grade.toFixed(1)} by PackVault Grading, cert ${card.certNumber}, stored in the vault.`,
        price,
        category: LISTING_CATEGORY[card.packCategory] ?? "Other",
        condition: "Mint",
        cardId: String(card.id),
      });
      const { listingId } = await createListing(as(userId), form);
      listed.push({ sellerId: userId, listingId, priceCents: form.price });
    }
  }

  // Each demo collector buys the cheapest listing of the next one, when they can afford it.
  for (const [i, buyerId] of collectors.entries()) {
    const sellerId = collectors[(i + 1) % collectors.length]!;
    const listing = listed
      .filter((l) => l.sellerId === sellerId)
      .sort((a, b) => a.priceCents - b.priceCents)[0];
    if (!listing || i % 2 === 1) continue;
    if ((await userBalanceCents(db, buyerId)) < listing.priceCents) continue;
    await buyNow(as(buyerId), {
      listingId: listing.listingId,
      expectedPriceCents: listing.priceCents,
    });
  }
  const auctioned = await seedDemoAuctions(db, log, now, pulls);
  log.info(
    { collectors: collectors.length, listings: listed.length, auctions: auctioned },
    "seeded demo activity",
  );
  return true;
}

/**
 * Auctions and standing bids for a first visit (docs/product/market.md "Auctions", "Standing
 * bids"), through the domain functions: each demo collector's third pull goes up for auction
 * (the first three end within the hour, the others in 2 days), the next collector bids on it
 * when they can afford it, and each collector places a standing bid at 80 % of the value on
 * the next one's auctioned card (any slab of that card by its grader). Nothing here is
 * refused: bids are only placed within the bidder's balance.
 * @returns how many auctions it started.
 */
async function seedDemoAuctions(
  db: Database,
  log: Logger,
  now: Date,
  pulls: Map<string, Pull[]>,
): Promise<number> {
  const ctxAt = (userId: string, at: Date) =>
    makeCtx({ db, actor: { userId, role: "user" }, now: () => at, log });
  const sellers = [...pulls.entries()].filter(([, mine]) => mine[2]);
  const started: { sellerId: string; auctionId: number; cardId: number; valueCents: number }[] = [];
  for (const [k, [sellerId, mine]] of sellers.entries()) {
    const card = mine[2]!.card;
    // Three end 20, 35 and 50 minutes from now; the others run two more days.
    const soon = k < 3;
    const at = soon
      ? new Date(now.getTime() - DAY_MS + (20 + 15 * k) * 60_000)
      : new Date(now.getTime() - HOUR_MS);
    const startPrice = Math.max(100, Math.round(card.estimatedValueCents * 0.5));
    const { auctionId } = await createAuction(ctxAt(sellerId, at), {
      cardId: card.id,
      startPrice,
      reserve: null,
      days: soon ? 1 : 3,
    });
    started.push({ sellerId, auctionId, cardId: card.id, valueCents: card.estimatedValueCents });
  }
  for (const [k, auction] of started.entries()) {
    const bidderId = started[(k + 1) % started.length]!.sellerId;
    if (bidderId === auction.sellerId) continue;
    // Above the start price (half the value): 70 % of the value.
    const maximum = Math.max(100, Math.round(auction.valueCents * 0.7));
    if ((await userBalanceCents(db, bidderId)) < maximum) continue;
    await placeBid(ctxAt(bidderId, new Date(now.getTime() - 10 * 60_000)), {
      auctionId: auction.auctionId,
      maximum,
    });
  }
  for (const [k, auction] of started.entries()) {
    const bidderId = started[(k + 1) % started.length]!.sellerId;
    const [slab] = await db
      .select({ cardId: slabs.cardId, grader: slabs.grader, grade: slabs.grade })
      .from(userCards)
      .innerJoin(slabs, eq(slabs.id, userCards.slabId))
      .where(eq(userCards.id, auction.cardId));
    const amount = Math.max(100, Math.round(auction.valueCents * 0.8));
    if (!slab || bidderId === auction.sellerId) continue;
    if ((await userBalanceCents(db, bidderId)) < amount) continue;
    await placeStandingBid(ctxAt(bidderId, now), {
      cardId: slab.cardId,
      grader: slab.grader,
      minGrade: Math.max(1, Math.floor(slab.grade)),
      amount,
      days: 7,
    });
  }
  return started.length;
}
