import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "~/.server/context";
import { cards, slabs, submissionRequests, userRoles } from "~/.server/db/schema";
import { receiveSlab } from "~/.server/inventory/custody";
import { answerShopOffer, submitItem } from "~/.server/market/submissions";
import { submissionReference } from "~/lib/domain/market";
import { submissionSchema } from "~/lib/schemas/market";
import { updateSubmissionForm } from "../helpers/admin-form";
import { as, makeCollector, type Collector } from "../helpers/commerce";
import { databaseForFile } from "../helpers/file-setup";
import { parsed } from "../helpers/forms";
import { expectLedgerBalanced } from "../helpers/packs";

const db = databaseForFile();
let admins: Collector[];
let cardId: number;
beforeAll(async () => {
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

const now = new Date("2026-11-20T10:00:00Z");
const asAdmin = (i = 0) =>
  db.ctx({ actor: { userId: admins[i]!.id, role: "admin" } satisfies Actor, now });
let certSerial = 0;
const freshCert = () => String(70_000_000 + certSerial++);

/** A collector's submission with a $250 offer made by staff. */
async function offered(): Promise<number> {
  return (await offeredWithSlab({})).submissionId;
}

const accept = (submissionId: number, slab: Record<string, string>, admin = 0) =>
  updateSubmissionForm(asAdmin(admin), {
    submissionId: String(submissionId),
    status: "accepted",
    estimatedValue: "300",
    offerAmount: "250",
    ...slab,
  });
/**
 * A PSA 9 slab of the test card with `cert`, taken into intake at the $250 paid for submission
 * `submissionId` (with `more` fields), as the slabs table holds it.
 */
const takenIn = (submissionId: number, cert: string, more: Record<string, unknown> = {}) =>
  expect.objectContaining({
    cardId,
    grader: "PSA",
    cert,
    grade: 9,
    costCents: 25_000,
    fmvCents: 25_000,
    state: "intake",
    submissionId,
    ...more,
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
      takenIn(submissionId, cert, { acquiredOn: "2026-11-20" }),
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

describe("an accepted submission's slab follows its status", () => {
  const moveTo = (submissionId: number, status: string) =>
    updateSubmissionForm(asAdmin(), {
      submissionId: String(submissionId),
      status,
      estimatedValue: "300",
      offerAmount: "250",
    });
  const slabFields = () => ({ grader: "PSA", cert: freshCert(), card: String(cardId), grade: "9" });

  it("writes the slab off, with the reason, when staff move the submission away before it is received", async () => {
    const submissionId = await offered();
    const slab = slabFields();
    await accept(submissionId, slab);
    await moveTo(submissionId, "rejected");
    expect(await statusOf(submissionId)).toBe("rejected");
    expect(await slabOf(submissionId)).toEqual([
      takenIn(submissionId, slab.cert, {
        state: "written_off",
        writeOffReason: `${submissionReference(submissionId)} moved to rejected`,
      }),
    ]);
    await expectLedgerBalanced(db);
  });

  it("refuses to move it away once its slab is received, and changes nothing", async () => {
    const submissionId = await offered();
    const slab = slabFields();
    await accept(submissionId, slab);
    const [taken] = await slabOf(submissionId);
    await receiveSlab(asAdmin(), { slabId: taken!.id });
    await expect(moveTo(submissionId, "reviewing")).rejects.toMatchObject({
      code: "submission_slab_in_stock",
      status: 409,
      message: expect.stringMatching(/received \(now: house stock\); write it off/),
    });
    expect(await statusOf(submissionId)).toBe("accepted");
    expect(await slabOf(submissionId)).toEqual([
      takenIn(submissionId, slab.cert, { state: "house_stock" }),
    ]);
  });

  it("takes a slab in when staff read the cert of an item accepted without one", async () => {
    const submissionId = await offered();
    await accept(submissionId, {});
    expect(await slabOf(submissionId)).toEqual([]);
    const slab = slabFields();
    await accept(submissionId, slab);
    expect(await slabOf(submissionId)).toEqual([takenIn(submissionId, slab.cert)]);
    await accept(submissionId, { ...slabFields(), grade: "8" });
    expect(await slabOf(submissionId)).toEqual([takenIn(submissionId, slab.cert)]);
  });
});

/** A collector's submission with a $250 offer on the slab `slab` made by staff. */
async function offeredWithSlab(slab: Record<string, string>) {
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
    ...slab,
  });
  return { seller, submissionId };
}
const answer = (seller: Collector, submissionId: number, reply: "accept" | "reject") =>
  answerShopOffer(as(db, seller), { submissionId, answer: reply });

describe("the collector accepting the shop's offer on /sell", () => {
  it("takes the slab named with the offer into intake at the price paid", async () => {
    const cert = freshCert();
    const { seller, submissionId } = await offeredWithSlab({
      grader: "psa",
      cert,
      card: String(cardId),
      grade: "9",
    });
    expect(await slabOf(submissionId)).toEqual([]);
    await answer(seller, submissionId, "accept");
    expect(await slabOf(submissionId)).toEqual([takenIn(submissionId, cert)]);
    expect(await statusOf(submissionId)).toBe("accepted");
    await expectLedgerBalanced(db);
  });

  it("makes no slab for an offer on an item that is not a graded card, nor on a rejection", async () => {
    const plain = await offeredWithSlab({});
    await answer(plain.seller, plain.submissionId, "accept");
    expect(await statusOf(plain.submissionId)).toBe("accepted");
    expect(await slabOf(plain.submissionId)).toEqual([]);
    const slab = { grader: "PSA", cert: freshCert(), card: String(cardId), grade: "9" };
    const declined = await offeredWithSlab(slab);
    await answer(declined.seller, declined.submissionId, "reject");
    expect(await slabOf(declined.submissionId)).toEqual([]);
  });

  it("refuses an offer naming a slab that cannot be taken in, and keeps the submission as it was", async () => {
    const { submissionId } = await offeredWithSlab({});
    await expect(
      updateSubmissionForm(asAdmin(), {
        submissionId: String(submissionId),
        status: "offer_made",
        estimatedValue: "300",
        offerAmount: "300",
        grader: "PSA",
        cert: freshCert(),
        card: "999999",
        grade: "9",
      }),
    ).rejects.toMatchObject({
      code: "slab_refused",
      message: expect.stringMatching(/unknown card/i),
    });
    const [row] = await db.db
      .select()
      .from(submissionRequests)
      .where(eq(submissionRequests.id, submissionId));
    expect(row).toMatchObject({ offerAmountCents: 25_000, slabIdentity: null });
  });

  it("refuses the acceptance when the named cert was taken in since the offer; nothing changes", async () => {
    const slab = { grader: "PSA", cert: freshCert(), card: String(cardId), grade: "9" };
    const first = await offeredWithSlab(slab);
    const second = await offeredWithSlab({ ...slab, grade: "8" });
    await answer(first.seller, first.submissionId, "accept");
    await expect(answer(second.seller, second.submissionId, "accept")).rejects.toMatchObject({
      code: "slab_refused",
      message: expect.stringMatching(new RegExp(`duplicate cert: PSA ${slab.cert}`, "i")),
    });
    expect(await statusOf(second.submissionId)).toBe("offer_made");
    expect(await slabOf(second.submissionId)).toEqual([]);
  });

  it("racing staff's acceptance or rejection, takes the slab in exactly once or not at all", async () => {
    for (let round = 0; round < 4; round++) {
      const slab = { grader: "PSA", cert: freshCert(), card: String(cardId), grade: "9" };
      const { seller, submissionId } = await offeredWithSlab(slab);
      const staff = round % 2 === 0 ? "accepted" : "rejected";
      const results = await Promise.allSettled([
        answer(seller, submissionId, "accept"),
        updateSubmissionForm(asAdmin(1), {
          submissionId: String(submissionId),
          status: staff,
          estimatedValue: "300",
          offerAmount: "250",
          ...slab,
        }),
      ]);
      const [collector, staffUpdate] = results;
      const refusals = results.flatMap((r) => (r.status === "rejected" ? [r.reason] : []));
      for (const reason of refusals) expect(reason).toMatchObject({ code: "no_shop_offer" });
      expect(staffUpdate!.status).toBe("fulfilled");
      // Whichever ran first under the row lock: an acceptance by either side takes the slab in once.
      // A staff rejection after the collector's acceptance writes the slab off.
      const acceptedBySomeone = collector!.status === "fulfilled" || staff === "accepted";
      const slabs = await slabOf(submissionId);
      expect(slabs).toHaveLength(acceptedBySomeone ? 1 : 0);
      for (const slab of slabs) {
        expect(slab.state).toBe(staff === "accepted" ? "intake" : "written_off");
      }
      expect(await statusOf(submissionId)).toBe(staff);
    }
    await expectLedgerBalanced(db);
  });
});
