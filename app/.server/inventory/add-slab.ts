import { recordAudit } from "../policy/audit";
import { requireStaff } from "../policy/permissions";
import { inTransaction, type Ctx } from "../context";
import { DomainError } from "../errors";
import { processPhoto, type ProcessedPhoto } from "../storage/process-photo";
import type { Upload } from "../media/photos";
import type { MediaStorage } from "../storage/storage";
import { takeInSlab } from "./take-in";
import { photoSrc, photoWidths } from "~/lib/domain/media";

/** One slab as the Inventory tab's form sends it: the CSV's columns, as typed. */
export type SlabFields = {
  grader: string;
  cert: string;
  /** The catalogue card's id. */
  card: string;
  grade: string;
  /** Dollars, as typed ("120.50"). */
  cost: string;
  fmv: string;
  bin: string;
};

/** The widest stored file a slab's photo is shown from (a detail, not a full screen). */
const SHOWN_WIDTH = 640;

/** The URL a slab shows a processed photo from: its WebP file of at most {@link SHOWN_WIDTH}. */
function shownUrl(photo: ProcessedPhoto): string {
  const widths = photoWidths(photo.width);
  const width = widths.filter((w) => w <= SHOWN_WIDTH).at(-1) ?? widths[0]!;
  return photoSrc(photo.key, width, "webp");
}

/**
 * Adds one slab to the inventory by hand, with its front and back photos (docs/design.md "Inventory
 * (real slabs)"; the photo pipeline of docs/decisions/025-photo-uploads.md): the fields are
 * checked exactly as a CSV line of {@link importSlabs} is (grader, cert, known card, grade on
 * the grader's scale, money, bin, a cert not already in the inventory, an FMV that fits a tier
 * of a pack on sale), the two photos as every upload is (re-encoded, no metadata kept). In ONE
 * transaction: the slab in intake, acquired at `ctx.now()`'s date, its history row (trigger),
 * and an audit row (`inventory.add`); the photo files are written before it commits
 * (content-addressed, so a file left by a failed add is the same bytes any later upload of that
 * photo would write).
 * @returns the new slab's id.
 * @throws DomainError `forbidden` (403) for anyone but an admin; `slab_photos` (400) unless
 * exactly two photos (front, then back) are sent; `invalid_photo` (400) for a file that is not
 * an image; `slab_refused` (400) with the CSV check's message for a field it refuses
 * ('unknown grader "XYZ" (PSA, BGS, CGC or SGC)', 'duplicate cert: PSA 12345678 is already
 * slab 4, ...').
 */
export async function addSlab(
  ctx: Ctx,
  input: SlabFields & { storage: MediaStorage; uploads: Upload[] },
): Promise<{ slabId: number }> {
  requireStaff(ctx, "manageInventory");
  const chosen = input.uploads.filter((u) => u.bytes.byteLength > 0 || u.name !== "");
  if (chosen.length !== 2) {
    throw new DomainError(
      "slab_photos",
      "Choose two photos of the slab: its front and its back.",
      400,
    );
  }
  const front = await processPhoto(chosen[0]!.name, chosen[0]!.bytes);
  const back = await processPhoto(chosen[1]!.name, chosen[1]!.bytes);
  const { grader, cert, card, grade, cost, fmv, bin } = input;
  return inTransaction(ctx, async (tx) => {
    const slab = await takeInSlab(tx, [grader, cert, card, grade, cost, fmv, bin], {
      frontImageUrl: shownUrl(front),
      backImageUrl: shownUrl(back),
    });
    await recordAudit(tx, {
      action: "inventory.add",
      targetType: "slab",
      targetId: slab.id,
      before: null,
      after: {
        grader: slab.grader,
        cert: slab.cert,
        cardId: slab.cardId,
        photos: [front.key, back.key],
      },
    });
    for (const photo of [front, back]) {
      for (const file of photo.files) {
        await input.storage.put(`${photo.key}-${file.width}.${file.format}`, file.bytes);
      }
    }
    return { slabId: slab.id };
  });
}
