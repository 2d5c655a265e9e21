import { and, eq } from "drizzle-orm";
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import type { Ctx } from "../context";
import { profiles, submissionRequests } from "../db/schema";
import { marketActor } from "../policy/actor";
import { SELL_TO_US_NEXT_STEPS, submissionReference } from "~/lib/domain/market";
import { formatCents, type Cents } from "~/lib/money";
import { STORE } from "~/lib/store";

/** What a prepaid shipping label prints. */
export type ShippingLabel = {
  submissionId: number;
  itemName: string;
  offerAmountCents: Cents;
  acceptedAt: Date;
  /** The collector's name and saved address, or null lines when /account holds none. */
  sender: { name: string; street: string | null; cityLine: string | null };
};

/** A label request's answer: the PDF, or why there is none. */
export type LabelAnswer =
  | { status: "ready"; pdf: Uint8Array; reference: string }
  /** Not the signed-in user's submission, or no such submission (someone else's is not revealed). */
  | { status: "not_found" }
  /** Theirs, but they have not accepted an offer on it. */
  | { status: "not_accepted" };

/**
 * The signed-in user's prepaid shipping label for their sell-to-us submission, as a one-page PDF
 * (docs/product/market.md, "Selling to the shop"): offered once they accepted the shop's offer
 * (`accepted`), to them only.
 * @returns the PDF's bytes and the submission's reference (`PV-SUB-000042`), or why not.
 * @throws DomainError `not_signed_in` (401).
 */
export async function shippingLabelFor(ctx: Ctx, submissionId: number): Promise<LabelAnswer> {
  const userId = marketActor(ctx);
  const [row] = await ctx.db
    .select({
      id: submissionRequests.id,
      itemName: submissionRequests.itemName,
      status: submissionRequests.status,
      offerAmountCents: submissionRequests.offerAmountCents,
      updatedAt: submissionRequests.updatedAt,
      fullName: profiles.fullName,
      street: profiles.shippingStreet,
      city: profiles.shippingCity,
      state: profiles.shippingState,
      zip: profiles.shippingZip,
    })
    .from(submissionRequests)
    .innerJoin(profiles, eq(profiles.id, submissionRequests.userId))
    .where(and(eq(submissionRequests.id, submissionId), eq(submissionRequests.userId, userId)));
  if (!row) return { status: "not_found" };
  if (row.status !== "accepted" || row.offerAmountCents === null) return { status: "not_accepted" };
  const cityLine = row.city && row.state ? `${row.city}, ${row.state} ${row.zip ?? ""}` : null;
  const pdf = await renderShippingLabel(
    {
      submissionId: row.id,
      itemName: row.itemName,
      offerAmountCents: row.offerAmountCents,
      acceptedAt: row.updatedAt,
      sender: { name: row.fullName, street: row.street, cityLine: cityLine?.trim() ?? null },
    },
    ctx.now(),
  );
  return { status: "ready", pdf, reference: submissionReference(row.id) };
}

const INK = rgb(0.07, 0.07, 0.09);
const MUTED = rgb(0.35, 0.35, 0.4);
const LETTER = [612, 792] as const;
const MARGIN = 54;

/** `text` with every character the standard font cannot encode replaced by '?'. */
function printable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return Array.from(text, (ch) => (known.has(ch.codePointAt(0)!) ? ch : "?")).join("");
}

/** `text` broken into lines at spaces so that each fits `width` points. */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  return [...lines, line];
}

/**
 * Draws the reference as bars (two widths, from its characters' bits) above it in large
 * print. The bars are a visual aid to spot the parcel; the printed reference is what counts.
 */
function drawReference(page: PDFPage, mono: PDFFont, reference: string, x: number, y: number) {
  let at = x;
  for (const ch of reference) {
    const code = ch.charCodeAt(0);
    for (let bit = 6; bit >= 0; bit--) {
      const width = (code >> bit) & 1 ? 3 : 1.2;
      page.drawRectangle({ x: at, y, width, height: 44, color: INK });
      at += width + 1.6;
    }
  }
  page.drawText(reference, { x, y: y - 30, size: 24, font: mono, color: INK });
}

/**
 * Renders a prepaid shipping label (US Letter, one page: the label box to cut out, then the
 * next steps) with pdf-lib's standard fonts; text they cannot print shows as '?'.
 * @returns the PDF's bytes; its title and keywords name the submission and its reference.
 */
export async function renderShippingLabel(label: ShippingLabel, now: Date): Promise<Uint8Array> {
  const reference = submissionReference(label.submissionId);
  const doc = await PDFDocument.create();
  doc.setTitle(`Prepaid shipping label - submission #${label.submissionId} (${reference})`);
  doc.setSubject(`PackVault sell-to-us submission #${label.submissionId}`);
  doc.setKeywords([reference, `submission:${label.submissionId}`]);
  doc.setAuthor(STORE.name);
  doc.setCreator(STORE.name);
  doc.setCreationDate(now);
  doc.setModificationDate(now);
  const [regular, bold, mono] = await Promise.all([
    doc.embedFont(StandardFonts.Helvetica),
    doc.embedFont(StandardFonts.HelveticaBold),
    doc.embedFont(StandardFonts.CourierBold),
  ]);
  const page = doc.addPage([...LETTER]);
  /** Draws `value` from (x, y), wrapped at the right margin; @returns the y below it. */
  const text = (value: string, x: number, y: number, size = 11, font = regular, color = INK) => {
    const lines = wrap(font, printable(font, value), size, LETTER[0] - MARGIN - x);
    lines.forEach((line, i) =>
      page.drawText(line, { x, y: y - i * size * 1.3, size, font, color }),
    );
    return y - lines.length * size * 1.3;
  };

  // The label: 6 x 4 inches, to cut out and tape on the parcel.
  const box = { x: MARGIN, y: 792 - MARGIN - 300, width: 432, height: 300 };
  page.drawRectangle({ ...box, borderColor: INK, borderWidth: 1.5, borderDashArray: [6, 4] });
  const left = box.x + 18;
  let y = box.y + box.height - 30;
  text("PREPAID SHIPPING LABEL", left, y, 16, bold);
  text("Postage prepaid by PackVault", left + 240, y + 2, 9, regular, MUTED);
  y -= 28;
  text("FROM", left, y, 8, bold, MUTED);
  text(label.sender.name, left, y - 14);
  text(label.sender.street ?? "Your street address: ______________________", left, y - 28);
  text(label.sender.cityLine ?? "City, state, ZIP: _________________________", left, y - 42);
  y -= 70;
  text("SHIP TO", left, y, 8, bold, MUTED);
  text(`${STORE.name} Store - Sell-to-us intake`, left, y - 18, 15, bold);
  text(STORE.street, left, y - 36, 15, bold);
  text(`${STORE.city}, ${STORE.state} ${STORE.zip}`, left, y - 54, 15, bold);
  y -= 82;
  text("REFERENCE", left, y, 8, bold, MUTED);
  drawReference(page, mono, reference, left, y - 52);

  // The next steps, below the cut line.
  y = text(`Submission #${label.submissionId}: ${label.itemName}`, MARGIN, box.y - 36, 13, bold);
  const accepted = label.acceptedAt.toISOString().slice(0, 10);
  y = text(`Offer accepted: ${formatCents(label.offerAmountCents)} on ${accepted}`, MARGIN, y - 4);
  y = text("What happens next", MARGIN, y - 18, 13, bold);
  SELL_TO_US_NEXT_STEPS.forEach((step, index) => {
    y = text(`${index + 1}. ${step}`, MARGIN, y - 6, 10.5);
  });
  text(
    `Questions? ${STORE.supportEmail} or ${STORE.phone}. Always quote ${reference}.`,
    MARGIN,
    MARGIN,
    9,
    regular,
    MUTED,
  );
  return doc.save();
}
