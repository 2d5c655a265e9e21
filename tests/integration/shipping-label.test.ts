// The prepaid shipping label of a sell-to-us submission (docs/product/market.md, "Selling to
// the shop"): a PDF for the submission's owner once they accepted the shop's offer; nobody else
// learns the submission exists, and before the offer is accepted there is no label.
import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { loader } from "~/routes/sell.label";
import { profiles } from "~/.server/db/schema";
import { answerShopOffer, submitItem } from "~/.server/market/submissions";
import { submissionLabelPath, submissionReference } from "~/lib/domain/market";
import { as, makeCollector, routeContext, type Collector } from "../helpers/commerce";
import { updateSubmissionForm } from "../helpers/admin-form";
import { databaseForFile, authForFile, staffForFile } from "../helpers/file-setup";
import { parsed } from "../helpers/forms";
import { submissionSchema } from "~/lib/schemas/market";

const db = databaseForFile();
const auth = authForFile(db);
const admin = staffForFile(db, "admin");

/** A submission of `owner` on which the shop made an offer of $950. */
async function offeredSubmission(owner: Collector) {
  const { submissionId } = await submitItem(
    as(db, owner),
    parsed(submissionSchema, {
      itemName: "Holo Charizard",
      itemDescription: "Base set, PSA 9, centered",
      estimatedValue: "1000",
      category: "Pokemon",
      notes: "",
    }),
  );
  await updateSubmissionForm(db.ctx({ actor: { userId: admin.id, role: "admin" } }), {
    submissionId: String(submissionId),
    status: "offer_made",
    estimatedValue: "1000",
    offerAmount: "950",
  });
  return submissionId;
}

/** What GET /sell/submissions/{id}/label.pdf answers `who` (a thrown redirect included). */
async function getLabel(who: Collector | null, id: string | number): Promise<Response> {
  const path = `/sell/submissions/${id}/label.pdf`;
  try {
    return await loader({
      request: new Request(`http://localhost:3000${path}`),
      params: { id: String(id) },
      context: routeContext(db, auth, who),
    } as Parameters<typeof loader>[0]);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("the prepaid shipping label", () => {
  it("is a one-page PDF for the owner once they accepted, naming the submission and its reference", async () => {
    const owner = await makeCollector(db);
    await db.db
      .update(profiles)
      .set({ shippingStreet: "1 Main St", shippingCity: "Springfield", shippingState: "IL" })
      .where(eq(profiles.id, owner.id));
    const id = await offeredSubmission(owner);
    await answerShopOffer(as(db, owner), { submissionId: id, answer: "accept" });

    const answer = await getLabel(owner, id);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("application/pdf");
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    const bytes = new Uint8Array(await answer.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe(
      `Prepaid shipping label - submission #${id} (${submissionReference(id)})`,
    );
    expect(pdf.getKeywords()).toContain(submissionReference(id));
    expect(submissionReference(id)).toBe(`PV-SUB-${String(id).padStart(6, "0")}`);
  });

  it("is a 404 for another collector and sends a visitor to sign in", async () => {
    const owner = await makeCollector(db);
    const id = await offeredSubmission(owner);
    await answerShopOffer(as(db, owner), { submissionId: id, answer: "accept" });

    const stranger = await getLabel(await makeCollector(db), id);
    expect(stranger.status).toBe(404);
    expect(stranger.headers.get("Content-Type")).not.toBe("application/pdf");
    const visitor = await getLabel(null, id);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe(
      `/auth?redirectTo=${encodeURIComponent(submissionLabelPath(id))}`,
    );
    for (const bad of ["0", "abc", "99999999999", "1e3"]) {
      expect((await getLabel(owner, bad)).status).toBe(404);
    }
  });

  it("is not offered before the offer is accepted, nor after it was rejected", async () => {
    const owner = await makeCollector(db);
    const id = await offeredSubmission(owner);
    const offered = await getLabel(owner, id);
    expect(offered.status).toBe(302);
    expect(offered.headers.get("Location")).toBe(`/sell#submission-${id}`);
    expect(offered.headers.get("Content-Type")).not.toBe("application/pdf");

    await answerShopOffer(as(db, owner), { submissionId: id, answer: "reject" });
    expect((await getLabel(owner, id)).status).toBe(302);
  });

  it("prints any item name, also characters the PDF's standard font lacks", async () => {
    const owner = await makeCollector(db);
    const { submissionId } = await submitItem(
      as(db, owner),
      parsed(submissionSchema, {
        itemName: "ポケモン Pikachu ✨ <script>",
        itemDescription: "Japanese promo, sealed",
        estimatedValue: "",
        category: "Pokemon",
        notes: "",
      }),
    );
    await updateSubmissionForm(db.ctx({ actor: { userId: admin.id, role: "admin" } }), {
      submissionId: String(submissionId),
      status: "accepted",
      estimatedValue: "",
      offerAmount: "12.5",
    });
    const answer = await getLabel(owner, submissionId);
    expect(answer.status).toBe(200);
    expect((await PDFDocument.load(await answer.arrayBuffer())).getPageCount()).toBe(1);
  });
});
