import { eq } from "drizzle-orm";
import { submissionReference } from "~/lib/domain/market";
import { describe, expect, it } from "vitest";
import { listSubmissions } from "~/.server/admin/submissions";
import type { Actor } from "~/.server/context";
import { submissionRequests } from "~/.server/db/schema";
import { submitItem } from "~/.server/market/submissions";
import { submissionsTab } from "~/routes/+admin/submissions.server";
import { as, makeCollector, type Collector } from "../helpers/commerce";
import {
  deleteSubmissionForm,
  updateSubmissionForm,
  expectFormRefusedUnchanged,
  auditRowsFor,
} from "../helpers/admin-form";
import { databaseForFile, staffForFile } from "../helpers/file-setup";
import { expectRefusedUnchanged } from "../helpers/market";
import { parsed } from "../helpers/forms";
import { submissionSchema } from "~/lib/schemas/market";

const db = databaseForFile();
const admin = staffForFile(db, "admin");
const moderator = staffForFile(db, "moderator");

const later = new Date("2026-11-04T09:30:00Z");
const asStaff = (person: Collector, role: "admin" | "moderator" = "admin") =>
  db.ctx({ actor: { userId: person.id, role } satisfies Actor, now: later });
const submissionRow = async (id: number) =>
  (await db.db.select().from(submissionRequests).where(eq(submissionRequests.id, id)))[0];
const auditFor = (id: number) => auditRowsFor(db, id, "oldest first");

/** A collector's pending submission (through /sell's domain function). */
async function submitted(itemName = "Signed first issue") {
  const user = await makeCollector(db);
  const { submissionId } = await submitItem(
    as(db, user),
    parsed(submissionSchema, {
      itemName,
      itemDescription: "A signed first issue in a protective sleeve",
      estimatedValue: "120",
      category: "Comics",
      notes: "",
    }),
  );
  return { user, submissionId };
}

const form = (submissionId: number, fields: Record<string, string>) => ({
  submissionId: String(submissionId),
  status: "pending",
  estimatedValue: "",
  offerAmount: "",
  ...fields,
});

describe("updating a submission", () => {
  it("sets status, estimated value and offer amount in cents, with an audit row", async () => {
    const { user, submissionId } = await submitted();
    await updateSubmissionForm(
      asStaff(admin),
      form(submissionId, { status: "offer_made", estimatedValue: "150.5", offerAmount: "99.99" }),
    );
    const row = await submissionRow(submissionId);
    expect(row).toMatchObject({
      status: "offer_made",
      estimatedValueCents: 15_050,
      offerAmountCents: 9_999,
    });
    expect(row!.updatedAt).toEqual(later);
    const [audit] = await auditFor(submissionId);
    expect(audit).toMatchObject({
      actorId: admin.id,
      action: "submission.update",
      targetType: "submission",
      before: {
        userId: user.id,
        status: "pending",
        estimatedValueCents: 12_000,
        offerAmountCents: null,
      },
      after: { status: "offer_made", estimatedValueCents: 15_050, offerAmountCents: 9_999 },
    });
  });

  it("lets a moderator update a submission; an empty amount clears it", async () => {
    const { submissionId } = await submitted();
    await updateSubmissionForm(
      asStaff(moderator, "moderator"),
      form(submissionId, { status: "reviewing" }),
    );
    expect(await submissionRow(submissionId)).toMatchObject({
      status: "reviewing",
      estimatedValueCents: null,
      offerAmountCents: null,
    });
    const [audit] = await auditFor(submissionId);
    expect(audit).toMatchObject({ actorId: moderator.id, actorRole: "moderator" });
  });

  it("writes nothing when nothing changes", async () => {
    const { submissionId } = await submitted();
    await updateSubmissionForm(asStaff(admin), form(submissionId, { estimatedValue: "120.00" }));
    expect(await auditFor(submissionId)).toEqual([]);
  });

  it("parses amounts strictly and needs an offer amount to make an offer; nothing changes", async () => {
    const { submissionId } = await submitted();
    const amounts = [
      ["offerAmount", /^Offer amount: /],
      ["estimatedValue", /^Estimated value: /],
    ] as const;
    for (const bad of ["12abc", "1e3", "-1", "0", "1.234"]) {
      for (const [field, message] of amounts) {
        await expectFormRefusedUnchanged(
          db,
          admin,
          "update-submission",
          form(submissionId, { [field]: bad }),
          message,
        );
      }
    }
    await expectFormRefusedUnchanged(
      db,
      admin,
      "update-submission",
      form(submissionId, { offerAmount: "1e3" }),
      "Offer amount: Enter the amount in plain digits, like 1000 or 25.50",
    );
    await expectFormRefusedUnchanged(
      db,
      admin,
      "update-submission",
      form(submissionId, { status: "offer_made" }),
      "Enter an offer amount to make an offer",
    );
    await expectFormRefusedUnchanged(
      db,
      admin,
      "update-submission",
      form(submissionId, { status: "sold" }),
      "Status must be pending, reviewing, offer_made, accepted or rejected",
    );
    await expectRefusedUnchanged(
      db,
      () => updateSubmissionForm(asStaff(admin), form(999_999, { status: "reviewing" })),
      { code: "submission_not_found", status: 404 },
    );
    expect(await auditFor(submissionId)).toEqual([]);
  });

  it("refuses a user with 403", async () => {
    const { submissionId } = await submitted();
    const user = await makeCollector(db);
    await expectRefusedUnchanged(
      db,
      () =>
        updateSubmissionForm(
          db.ctx({ actor: { userId: user.id, role: "user" } }),
          form(submissionId, {
            status: "rejected",
          }),
        ),
      { code: "forbidden", status: 403 },
    );
  });
});

describe("deleting a submission", () => {
  it("deletes it for good, with an audit row holding what it was", async () => {
    const { user, submissionId } = await submitted("Doomed comic");
    await deleteSubmissionForm(asStaff(admin), { submissionId: String(submissionId) });
    expect(await submissionRow(submissionId)).toBeUndefined();
    const [audit] = await auditFor(submissionId);
    expect(audit).toMatchObject({
      actorId: admin.id,
      action: "submission.delete",
      targetType: "submission",
      before: { userId: user.id, itemName: "Doomed comic", status: "pending" },
      after: null,
    });
  });

  it("refuses a moderator (admins only) with 403 and changes nothing", async () => {
    const { submissionId } = await submitted();
    await expectRefusedUnchanged(
      db,
      () =>
        deleteSubmissionForm(asStaff(moderator, "moderator"), {
          submissionId: String(submissionId),
        }),
      { code: "forbidden", status: 403 },
    );
    expect(await submissionRow(submissionId)).toBeDefined();
    expect(await auditFor(submissionId)).toEqual([]);
  });

  it("answers 404 for a submission already gone", async () => {
    await expectRefusedUnchanged(
      db,
      () => deleteSubmissionForm(asStaff(admin), { submissionId: "999999" }),
      { code: "submission_not_found", status: 404 },
    );
  });
});

describe("the submissions table", () => {
  it("lists submissions with their user, searchable by item and user, to staff", async () => {
    const { user, submissionId } = await submitted("Very rare findable thing");
    const page = await listSubmissions(asStaff(moderator, "moderator"), { page: 1, q: "findable" });
    expect(page.total).toBe(1);
    expect(page.rows[0]).toMatchObject({
      id: submissionId,
      itemName: "Very rare findable thing",
      category: "Comics",
      estimatedValueCents: 12_000,
      status: "pending",
      offerAmountCents: null,
      userId: user.id,
      userEmail: user.email,
    });
    const byUser = await listSubmissions(asStaff(admin), { page: 1, q: user.email });
    expect(byUser.rows.map((row) => row.id)).toEqual([submissionId]);
    for (const reference of [submissionReference(submissionId), `pv-sub-${submissionId}`]) {
      const byReference = await listSubmissions(asStaff(admin), { page: 1, q: reference });
      expect(byReference.rows.map((row) => row.id)).toEqual([submissionId]);
    }
  });
});

describe("the Submissions tab", () => {
  it("posts its update and delete forms through its intents and tells the page what the role may do", async () => {
    const { submissionId } = await submitted();
    const update = new FormData();
    update.set("submissionId", String(submissionId));
    update.set("status", "offer_made");
    update.set("estimatedValue", "130");
    update.set("offerAmount", "110.00");
    const { intents } = submissionsTab;
    expect(intents["update-submission"]).toMatchObject({
      capability: "updateSubmission",
      successTitle: "Submission updated successfully",
      errorTitle: "Error updating submission",
    });
    expect(intents["delete-submission"]).toMatchObject({
      capability: "deleteSubmission",
      successTitle: "Submission deleted successfully",
      errorTitle: "Error deleting submission",
    });
    const updateIntent = intents["update-submission"]!;
    await updateIntent.run(
      asStaff(moderator, "moderator"),
      parsed(updateIntent.schema, Object.fromEntries(update)),
    );
    expect(await submissionRow(submissionId)).toMatchObject({
      status: "offer_made",
      estimatedValueCents: 13_000,
      offerAmountCents: 11_000,
    });
    const remove = new FormData();
    remove.set("submissionId", String(submissionId));
    const deleteIntent = intents["delete-submission"]!;
    await deleteIntent.run(asStaff(admin), parsed(deleteIntent.schema, Object.fromEntries(remove)));
    expect(await submissionRow(submissionId)).toBeUndefined();

    const search = new URLSearchParams("tab=submissions");
    expect(await submissionsTab.load(asStaff(admin), search)).toMatchObject({
      canUpdate: true,
      canDelete: true,
    });
    expect(await submissionsTab.load(asStaff(moderator, "moderator"), search)).toMatchObject({
      canUpdate: true,
      canDelete: false,
    });
  });
});
