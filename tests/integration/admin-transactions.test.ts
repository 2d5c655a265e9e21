import { describe, expect, it } from "vitest";
import { listTransactions } from "~/.server/admin/transactions";
import type { Actor } from "~/.server/context";
import { listings } from "~/.server/db/schema";
import { buyNow } from "~/.server/market/settlement";
import { eq } from "drizzle-orm";
import { as, makeCollector, type Collector } from "../helpers/commerce";
import { databaseForFile, staffForFile } from "../helpers/file-setup";
import { buyerWith, listedCard, listPhysical } from "../helpers/market";

const db = databaseForFile();
const admin = staffForFile(db, "admin");
const moderator = staffForFile(db, "moderator");

const asStaff = (person: Collector, role: "admin" | "moderator" = "admin") =>
  db.ctx({ actor: { userId: person.id, role } satisfies Actor });

describe("the transactions table", () => {
  it("shows amount, fee, seller amount, status, dates and parties, with totals of completed sales", async () => {
    const empty = await listTransactions(asStaff(admin), { page: 1, q: "" });
    expect(empty).toMatchObject({
      rows: [],
      total: 0,
      page: 1,
      pageCount: 1,
      totals: { completedCount: 0, volumeCents: 0, feesCents: 0 },
    });

    // Two card sales (completed at once) and a physical item in escrow (not completed).
    const first = await listedCard(db, "40.00");
    const buyer = await buyerWith(db, 50_000);
    await buyNow(as(db, buyer), { listingId: first.listingId, expectedPriceCents: 4_000 });
    const second = await listedCard(db, "10.05");
    await db.db
      .update(listings)
      .set({ title: "Quokka holo special" })
      .where(eq(listings.id, second.listingId));
    await buyNow(as(db, buyer), { listingId: second.listingId, expectedPriceCents: 1_005 });
    const physicalSeller = await makeCollector(db);
    const physical = await listPhysical(db, physicalSeller, "20.00");
    await buyNow(as(db, buyer), { listingId: physical, expectedPriceCents: 2_000 });

    const page = await listTransactions(asStaff(moderator, "moderator"), { page: 1, q: "" });
    expect(page.total).toBe(3);
    expect(page.totals).toEqual({
      completedCount: 2,
      volumeCents: 4_000 + 1_005,
      // 15 % half up: $6.00 + $1.51 (150.75 cents).
      feesCents: 600 + 151,
    });
    const [escrowed, quokka, charizard] = page.rows;
    expect(escrowed).toMatchObject({
      listingId: physical,
      amountCents: 2_000,
      platformFeeCents: 300,
      sellerAmountCents: 1_700,
      status: "awaiting_shipment",
      completedAt: null,
      buyer: { id: buyer.id, email: buyer.email },
      seller: { id: physicalSeller.id },
    });
    expect(quokka).toMatchObject({
      listingTitle: "Quokka holo special",
      amountCents: 1_005,
      platformFeeCents: 151,
      sellerAmountCents: 854,
      status: "completed",
      seller: { id: second.seller.id },
    });
    expect(quokka!.completedAt).not.toBeNull();
    expect(charizard).toMatchObject({ listingId: first.listingId, amountCents: 4_000 });

    const search = await listTransactions(asStaff(admin), { page: 1, q: "quokka" });
    expect(search.rows.map((row) => row.listingId)).toEqual([second.listingId]);
    expect(search.total).toBe(1);
    // The totals stay those of every completed transaction.
    expect(search.totals.volumeCents).toBe(5_005);
    const bySeller = await listTransactions(asStaff(admin), { page: 1, q: physicalSeller.email });
    expect(bySeller.rows.map((row) => row.listingId)).toEqual([physical]);
  });

  it("is for staff only", async () => {
    const user = await makeCollector(db);
    await expect(
      listTransactions(db.ctx({ actor: { userId: user.id, role: "user" } }), { page: 1, q: "" }),
    ).rejects.toMatchObject({ code: "forbidden", status: 403 });
  });
});
