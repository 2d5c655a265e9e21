// The sell flow's submissions (docs/product/market.md "Selling to the shop"
// 'Sell', 5 and 8): the spec's validation messages verbatim (the first one only), what is
// stored, the user's own list, and answering the shop's offer only while one is made.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { submissionRequests } from "~/.server/db/schema";
import { answerShopOffer, listOwnSubmissions, submitItem } from "~/.server/market/submissions";
import { SUBMISSION_CATEGORIES } from "~/lib/market";
import type { SubmissionInput } from "~/lib/schemas/market";
import type { Ctx } from "~/.server/context";
import { as, makeCollector } from "../helpers/commerce";
import { databaseForFile } from "../helpers/file-setup";
import { expectRefusedUnchanged } from "../helpers/market";
import { parsed, refusalOf } from "../helpers/forms";
import { submissionSchema } from "~/lib/schemas/market";

const db = databaseForFile();

const form = (overrides: Partial<SubmissionInput> = {}): SubmissionInput => ({
  itemName: "1st Edition Charizard",
  itemDescription: "Base set, PSA 9, centered, no scratches",
  estimatedValue: "1200.50",
  category: "Pokemon",
  notes: "Bought in 1999",
  ...overrides,
});

/** Submits the Sell form `form(overrides)` as /sell's seam hands it to submitItem. */
const submit = (ctx: Ctx, overrides: Partial<SubmissionInput> = {}) =>
  submitItem(ctx, parsed(submissionSchema, form(overrides)));

const submissionRow = async (id: number) =>
  (await db.db.select().from(submissionRequests).where(eq(submissionRequests.id, id)))[0]!;

/** Sets a submission's status as the shop's admin would (the Submissions tab of docs/product/administration.md). */
const setStatus = (
  id: number,
  status: "pending" | "reviewing" | "offer_made" | "accepted" | "rejected",
  offerAmountCents: number | null = 95_000,
) =>
  db.db
    .update(submissionRequests)
    .set({ status, offerAmountCents })
    .where(eq(submissionRequests.id, id));

describe("submitting an item", () => {
  it("stores a pending submission, trimmed, with the value in cents", async () => {
    const user = await makeCollector(db);
    const { submissionId } = await submit(as(db, user), {
      itemName: "  1st Edition Charizard  ",
      itemDescription: "  Base set, PSA 9  ",
    });
    expect(await submissionRow(submissionId)).toMatchObject({
      userId: user.id,
      itemName: "1st Edition Charizard",
      itemDescription: "Base set, PSA 9",
      estimatedValueCents: 120_050,
      category: "Pokemon",
      notes: "Bought in 1999",
      status: "pending",
      offerAmountCents: null,
    });
  });

  it("takes every submission category, and leaves value and notes empty when not given", async () => {
    const user = await makeCollector(db);
    for (const category of SUBMISSION_CATEGORIES) {
      const { submissionId } = await submit(as(db, user), {
        category,
        estimatedValue: "",
        notes: "  ",
      });
      expect(await submissionRow(submissionId)).toMatchObject({
        category,
        estimatedValueCents: null,
        notes: null,
      });
    }
    const { submissionId } = await submit(as(db, user), {
      estimatedValue: undefined,
      notes: undefined,
    });
    expect(await submissionRow(submissionId)).toMatchObject({
      estimatedValueCents: null,
      notes: null,
    });
  });

  it("keeps XSS payloads verbatim, as text", async () => {
    const user = await makeCollector(db);
    const { submissionId } = await submit(as(db, user), {
      itemName: "<script>alert(1)</script>",
      itemDescription: '"><img src=x onerror=alert(1)>',
      notes: "<b>bold</b>",
    });
    expect(await submissionRow(submissionId)).toMatchObject({
      itemName: "<script>alert(1)</script>",
      itemDescription: '"><img src=x onerror=alert(1)>',
      notes: "<b>bold</b>",
    });
  });

  it("accepts the limits: name of 3 and 100, description of 10 and 1000, value of $0.01", async () => {
    const user = await makeCollector(db);
    for (const fields of [
      { itemName: "abc", itemDescription: "0123456789", estimatedValue: "0.01" },
      { itemName: "n".repeat(100), itemDescription: "d".repeat(1000), estimatedValue: "5" },
    ]) {
      await expect(submit(as(db, user), fields)).resolves.toMatchObject({
        submissionId: expect.any(Number),
      });
    }
  });

  it.each([
    ["a short item name", { itemName: "ab" }, "Item name must be at least 3 characters"],
    [
      "a name short once trimmed",
      { itemName: "  ab  " },
      "Item name must be at least 3 characters",
    ],
    ["no item name", { itemName: undefined }, "Item name must be at least 3 characters"],
    ["a long item name", { itemName: "n".repeat(101) }, "Item name must be at most 100 characters"],
    [
      "a short description",
      { itemDescription: "  too short  " },
      "Description must be at least 10 characters",
    ],
    [
      "a long description",
      { itemDescription: "d".repeat(1001) },
      "Description must be at most 1000 characters",
    ],
    ["a zero value", { estimatedValue: "0" }, "Estimated value must be greater than 0"],
    [
      "a value below a cent",
      { estimatedValue: "0.001" },
      "Use at most 2 decimals (cents), like 25.50",
    ],
    ["a negative value", { estimatedValue: "-5" }, "Estimated value must be greater than 0"],
    [
      "a value that is not a number",
      { estimatedValue: "lots" },
      "Enter an amount in dollars, like 50 or 25.50",
    ],
    [
      "an exponent ('1e9' is not 'greater than 0', it is not plain digits)",
      { estimatedValue: "1e9" },
      "Enter the amount in plain digits, like 1000 or 25.50",
    ],
    [
      "a value above $10,000,000",
      { estimatedValue: "99999999" },
      "Estimated value must be at most $10,000,000.00",
    ],
    ["no category", { category: "" }, "Category is required"],
    ["a missing category", { category: undefined }, "Category is required"],
    ["an unknown category", { category: "Baseball" }, "Category is required"],
  ])("the form's schema refuses %s with the spec's message", (_, fields, message) => {
    // Parsed at the seam before submitItem runs (docs/decisions/013-parsing-once-at-the-seam.md).
    expect(refusalOf(submissionSchema, form(fields as Partial<SubmissionInput>))).toEqual(message);
  });

  it("reports the first broken rule first", () => {
    expect(
      refusalOf(submissionSchema, {
        itemName: "",
        itemDescription: "",
        estimatedValue: "0",
        category: "",
      }),
    ).toEqual("Item name must be at least 3 characters");
    expect(refusalOf(submissionSchema, form({ itemDescription: "short", category: "" }))).toEqual(
      "Description must be at least 10 characters",
    );
  });

  it("refuses a visitor", async () => {
    await expectRefusedUnchanged(db, () => submit(db.ctx()), {
      code: "not_signed_in",
      status: 401,
      message: "You must be signed in",
    });
  });
});

describe("the user's submissions", () => {
  it("lists only the user's own, newest first", async () => {
    const user = await makeCollector(db);
    const other = await makeCollector(db);
    const first = await submit(
      db.ctx({ actor: { userId: user.id, role: "user" }, now: new Date("2026-10-01T00:00:00Z") }),
      { itemName: "Older item" },
    );
    const second = await submit(
      db.ctx({ actor: { userId: user.id, role: "user" }, now: new Date("2026-10-02T00:00:00Z") }),
      { itemName: "Newer item" },
    );
    await submit(as(db, other), { itemName: "Someone else's item" });

    const mine = await listOwnSubmissions(as(db, user));
    expect(mine.map((s) => s.id)).toEqual([second.submissionId, first.submissionId]);
    expect(mine.every((s) => s.userId === user.id)).toBe(true);
    expect(await listOwnSubmissions(as(db, await makeCollector(db)))).toEqual([]);
    await expect(listOwnSubmissions(db.ctx())).rejects.toMatchObject({
      code: "not_signed_in",
      status: 401,
    });
  });
});

describe("answering the shop's offer", () => {
  it.each([
    ["accept", "accepted"],
    ["reject", "rejected"],
  ] as const)("%ss an offer that was made", async (answer, status) => {
    const user = await makeCollector(db);
    const { submissionId } = await submit(as(db, user));
    await setStatus(submissionId, "offer_made", 95_000);
    await answerShopOffer(as(db, user), { submissionId, answer });
    expect(await submissionRow(submissionId)).toMatchObject({ status, offerAmountCents: 95_000 });
    // Answered once: the answer cannot be changed.
    await expectRefusedUnchanged(
      db,
      () =>
        answerShopOffer(as(db, user), {
          submissionId,
          answer: answer === "accept" ? "reject" : "accept",
        }),
      { code: "no_shop_offer", status: 409 },
    );
  });

  it.each(["pending", "reviewing", "accepted", "rejected"] as const)(
    "refuses to answer a %s submission (409), changing nothing",
    async (status) => {
      const user = await makeCollector(db);
      const { submissionId } = await submit(as(db, user));
      await setStatus(submissionId, status, status === "pending" ? null : 95_000);
      await expectRefusedUnchanged(
        db,
        () => answerShopOffer(as(db, user), { submissionId, answer: "accept" }),
        { code: "no_shop_offer", status: 409 },
      );
    },
  );

  it("refuses someone else's submission (409) and a visitor (401), changing nothing", async () => {
    const user = await makeCollector(db);
    const stranger = await makeCollector(db);
    const { submissionId } = await submit(as(db, user));
    await setStatus(submissionId, "offer_made");
    for (const answer of ["accept", "reject"] as const) {
      await expectRefusedUnchanged(
        db,
        () => answerShopOffer(as(db, stranger), { submissionId, answer }),
        { code: "no_shop_offer", status: 409 },
      );
    }
    await expectRefusedUnchanged(
      db,
      () => answerShopOffer(db.ctx(), { submissionId, answer: "accept" }),
      { code: "not_signed_in", status: 401 },
    );
    await expectRefusedUnchanged(
      db,
      () => answerShopOffer(as(db, user), { submissionId: 2_000_000_000, answer: "accept" }),
      { code: "no_shop_offer", status: 409 },
    );
    expect((await submissionRow(submissionId)).status).toBe("offer_made");
  });
});
