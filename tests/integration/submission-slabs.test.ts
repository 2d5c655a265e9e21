import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "~/.server/context";
import { cards, slabs, submissionRequests, userRoles } from "~/.server/db/schema";
import { submitItem } from "~/.server/market/submissions";
import { submissionSchema } from "~/lib/schemas/market";
import { updateSubmissionForm } from "../helpers/admin-form";
import { as, makeCollector, type Collector } from "../helpers/commerce";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { parsed } from "../helpers/forms";
import { expectLedgerBalanced } from "../helpers/packs";

let db: TestDatabase;
let admins: Collector[];
let cardId: number;
beforeAll(async () => {
  db = await createTestDatabase();
  admins = [await makeCollector(db), await makeCollector(db)];
  for (const admin of admins)
    await db.db.insert(userRoles).values({ userId: admin.id, role: "admin" });
  const [card] = await db.db
    .insert(cards)
    .values({
      category: "Pokemon",
      setName: "Base Set",
      number: "4",
      name: "Charizard",
      year: 1999,
    })
    .returning({ id: cards.id });
  cardId = card!.id;
});
afterAll(() => db.destroy());

const now = new Date("2026-11-20T10:00:00Z");
const asAdmin = (i = 0) =>
  db.ctx({ actor: { userId: admins[i]!.id, role: "admin" } satisfies Actor, now });
let certSerial = 0;
const freshCert = () => String(70_000_000 + certSerial++);

/** A collector's submission with a $250 offer made by staff. */
async function offered(): Promise<number> {
  const seller = await makeCollector(db);
  const { submissionId } = await submitItem(
    as(db, seller),
    parsed(submissionSchema, {
      itemName: "Charizard PSA 9",
      itemDescription: "Base Set Charizard, PSA 9",
      estimatedValue: "300",
      category: "Pokemon",
      notes: "",
    }),
  );
  await updateSubmissionForm(asAdmin(), {
    submissionId: String(submissionId),
    status: "offer_made",
    estimatedValue: "300",
    offerAmount: "250",
  });
  return submissionId;
}

const accept = (submissionId: number, slab: Record<string, string>, admin = 0) =>
  updateSubmissionForm(asAdmin(admin), {
    submissionId: String(submissionId),
    status: "accepted",
    estimatedValue: "300",
    offerAmount: "250",
    ...slab,
  });
const slabOf = async (submissionId: number) =>
  db.db.select().from(slabs).where(eq(slabs.submissionId, submissionId));
const statusOf = async (submissionId: number) =>
  (await db.db.select().from(submissionRequests).where(eq(submissionRequests.id, submissionId)))[0]!
    .status;

describe("accepting a sell-to-shop submission", () => {
  it("takes its slab into intake at the price paid, linked to the submission", async () => {
    const submissionId = await offered();
    const cert = freshCert();
    await accept(submissionId, { grader: "psa", cert, card: String(cardId), grade: "9" });
    expect(await slabOf(submissionId)).toEqual([
      expect.objectContaining({
        cardId,
        grader: "PSA",
        cert,
        grade: 9,
        costCents: 25_000,
        fmvCents: 25_000,
        state: "intake",
        acquiredOn: "2026-11-20",
        submissionId,
      }),
    ]);
    expect(await statusOf(submissionId)).toBe("accepted");
    await expectLedgerBalanced(db);
  });

  it("makes no slab when the item is not a graded card (no slab fields)", async () => {
    const submissionId = await offered();
    await accept(submissionId, {});
    expect(await statusOf(submissionId)).toBe("accepted");
    expect(await slabOf(submissionId)).toEqual([]);
  });

  it.each([
    ["an unknown card", { card: "999999" }, /unknown card "999999"/i],
    ["a grade outside the scale", { grade: "11" }, /grade "11" is outside PSA's scale/i],
    ["a missing cert", { cert: "" }, /cert/i],
    ["an unknown grader", { grader: "XYZ" }, /unknown grader "XYZ"/i],
  ])("refuses %s with a clear message and changes nothing", async (_, bad, message) => {
    const submissionId = await offered();
    const slab = { grader: "PSA", cert: freshCert(), card: String(cardId), grade: "9", ...bad };
    await expect(accept(submissionId, slab)).rejects.toMatchObject({
      code: "slab_refused",
      status: 400,
      message: expect.stringMatching(message),
    });
    expect(await statusOf(submissionId)).toBe("offer_made");
    expect(await slabOf(submissionId)).toEqual([]);
  });

  it("refuses a cert already in the inventory, and changes nothing", async () => {
    const first = await offered();
    const cert = freshCert();
    const slab = { grader: "PSA", cert, card: String(cardId), grade: "9" };
    await accept(first, slab);
    const second = await offered();
    await expect(accept(second, { ...slab, grade: "8" })).rejects.toMatchObject({
      code: "slab_refused",
      message: expect.stringMatching(new RegExp(`duplicate cert: PSA ${cert}`, "i")),
    });
    expect(await statusOf(second)).toBe("offer_made");
    expect(await slabOf(second)).toEqual([]);
  });

  it("two admins accepting at once make exactly one slab", async () => {
    for (let round = 0; round < 3; round++) {
      const submissionId = await offered();
      const slab = { grader: "PSA", cert: freshCert(), card: String(cardId), grade: "9" };
      const results = await Promise.allSettled([
        accept(submissionId, slab, 0),
        accept(submissionId, slab, 1),
      ]);
      expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled"]);
      expect(await slabOf(submissionId)).toHaveLength(1);
    }
    await expectLedgerBalanced(db);
  });
});
