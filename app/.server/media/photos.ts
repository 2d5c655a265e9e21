import { and, asc, count, eq, inArray, sql, type SQL } from "drizzle-orm";
import { inTransaction, type Ctx, type TxCtx } from "../context";
import type { Database } from "../db/client";
import { listings, packs, photos, products } from "../db/schema";
import { DomainError } from "../errors";
import { recordAudit } from "../policy/audit";
import { requireStaff } from "../policy/permissions";
import { notYourListing } from "../policy/actor";
import { processPhoto, type ProcessedPhoto } from "../storage/process-photo";
import type { MediaStorage } from "../storage/storage";
import { invalidatePagesAfterCommit } from "../page-cache/invalidation";
import { pageTags } from "~/lib/page-cache";
import { MAX_PHOTOS, photoWidths, PHOTO_FORMATS, type Photo } from "~/lib/domain/media";

/** What a photo belongs to. */
export type PhotoOwner = { listingId: number } | { productId: number } | { packId: number };

/** One uploaded file as the form carried it. */
export type Upload = { name: string; bytes: Uint8Array };

const ownerColumn = (owner: PhotoOwner) =>
  "listingId" in owner
    ? eq(photos.listingId, owner.listingId)
    : "productId" in owner
      ? eq(photos.productId, owner.productId)
      : eq(photos.packId, owner.packId);

/** The cached pages that show `owner`'s photos. */
const pagesOf = (owner: PhotoOwner) =>
  "listingId" in owner
    ? [pageTags.listings, pageTags.listing(owner.listingId)]
    : "productId" in owner
      ? [pageTags.catalogue, pageTags.product(owner.productId)]
      : [pageTags.packs, pageTags.pack(owner.packId)];

/**
 * Writes the audit row of a staff change to a product's or pack's photos in the transaction of
 * `tx` (docs/product/administration.md "Audit"): `photo.add` or `photo.remove`, the target
 * `product` or `pack`, and the photo keys before and after. A seller's listing is not audited.
 */
async function auditCatalogPhotos(
  tx: TxCtx,
  owner: PhotoOwner,
  action: "photo.add" | "photo.remove",
  before: string[],
): Promise<void> {
  if ("listingId" in owner) return;
  await recordAudit(tx, {
    action,
    targetType: "productId" in owner ? "product" : "pack",
    targetId: "productId" in owner ? owner.productId : owner.packId,
    before: { photos: before },
    after: { photos: await keysOf(tx, owner) },
  });
}

/** The keys of `owner`'s photos in their order (what an audit row records). */
async function keysOf(tx: Pick<TxCtx, "db">, owner: PhotoOwner): Promise<string[]> {
  const rows = await tx.db
    .select({ key: photos.key })
    .from(photos)
    .where(ownerColumn(owner))
    .orderBy(asc(photos.position));
  return rows.map((row) => row.key);
}

const tooMany = () =>
  new DomainError("too_many_photos", `At most ${MAX_PHOTOS} photos are allowed.`, 400);

/**
 * Checks and re-encodes the uploaded files (processPhoto), before anything is written: an empty
 * file input is skipped; more than MAX_PHOTOS is refused.
 * @throws DomainError `too_many_photos` (400); `invalid_photo` (400) for the first bad file.
 */
export async function preparePhotos(uploads: Upload[]): Promise<ProcessedPhoto[]> {
  const chosen = uploads.filter((upload) => upload.bytes.byteLength > 0 || upload.name !== "");
  if (chosen.length > MAX_PHOTOS) throw tooMany();
  const prepared: ProcessedPhoto[] = [];
  for (const upload of chosen) prepared.push(await processPhoto(upload.name, upload.bytes));
  return prepared;
}

/**
 * Adds prepared photos after the owner's existing ones, inside the caller's transaction (`tx`,
 * which has locked the owner row), and writes their files; the cached pages showing the owner
 * are invalidated once it commits. A file error rolls the rows back; if the transaction fails
 * after the files were written, the caller removes them with {@link forgetFiles} (as
 * {@link withPhotoFiles} does).
 * @throws DomainError `too_many_photos` (400) when the owner would have more than MAX_PHOTOS.
 */
export async function savePhotos(
  tx: TxCtx,
  input: {
    storage: MediaStorage;
    owner: PhotoOwner;
    prepared: ProcessedPhoto[];
    uploadedBy: string;
  },
): Promise<void> {
  const { storage, owner, prepared, uploadedBy } = input;
  if (prepared.length === 0) return;
  invalidatePagesAfterCommit(tx, pagesOf(owner));
  const [row] = await tx.db.select({ n: count() }).from(photos).where(ownerColumn(owner));
  const existing = row?.n ?? 0;
  if (existing + prepared.length > MAX_PHOTOS) throw tooMany();
  await tx.db.insert(photos).values(
    prepared.map((photo, i) => ({
      ...owner,
      position: existing + i,
      key: photo.key,
      width: photo.width,
      height: photo.height,
      uploadedBy,
      createdAt: tx.now(),
    })),
  );
  for (const photo of prepared) {
    for (const file of photo.files) {
      await storage.put(`${photo.key}-${file.width}.${file.format}`, file.bytes);
    }
  }
}

/** Removes the files of `keys` that no photo row uses (after a failed or deleting transaction). */
export async function forgetFiles(
  db: Database,
  storage: MediaStorage,
  keys: { key: string; width: number }[],
): Promise<void> {
  if (keys.length === 0) return;
  const used = await db
    .selectDistinct({ key: photos.key })
    .from(photos)
    .where(
      inArray(
        photos.key,
        keys.map((k) => k.key),
      ),
    );
  const inUse = new Set(used.map((u) => u.key));
  for (const { key, width } of keys) {
    if (inUse.has(key)) continue;
    for (const w of photoWidths(width)) {
      for (const format of PHOTO_FORMATS) await storage.remove(`${key}-${w}.${format}`);
    }
  }
}

/**
 * Runs `write` in one transaction of `ctx` (inTransaction: one clock); if it fails, the files
 * of `prepared` nobody uses are removed.
 */
export async function withPhotoFiles<T>(
  ctx: Ctx,
  files: { storage: MediaStorage; prepared: ProcessedPhoto[] },
  write: (tx: TxCtx) => Promise<T>,
): Promise<T> {
  const { storage, prepared } = files;
  try {
    return await inTransaction(ctx, write);
  } catch (error) {
    await forgetFiles(ctx.db, storage, prepared);
    throw error;
  }
}

/**
 * Locks the owner row in the transaction of `tx`, checking who may change its photos.
 * @returns the id of the user the photos are recorded as uploaded by.
 * @throws DomainError as {@link attachPhotos}, but `no_photos` and the photo errors.
 */
async function lockOwner(tx: TxCtx, owner: PhotoOwner): Promise<string> {
  if ("listingId" in owner) {
    if (!tx.actor) throw new DomainError("not_signed_in", "You must be signed in", 401);
    const [listing] = await tx.db
      .select({ userId: listings.userId, status: listings.status })
      .from(listings)
      .where(eq(listings.id, owner.listingId))
      .for("update");
    if (!listing) throw new DomainError("not_found", "Listing not found", 404);
    if (listing.userId !== tx.actor.userId) throw notYourListing();
    if (listing.status !== "active") {
      throw new DomainError("listing_unavailable", "This listing is no longer available", 409);
    }
    return tx.actor.userId;
  }
  const staff = requireStaff(tx, "manageCatalogPhotos");
  const [found] =
    "productId" in owner
      ? await tx.db
          .select({ id: products.id })
          .from(products)
          .where(eq(products.id, owner.productId))
          .for("update")
      : await tx.db
          .select({ id: packs.id })
          .from(packs)
          .where(eq(packs.id, owner.packId))
          .for("update");
  if (!found) throw new DomainError("not_found", "Not found", 404);
  return staff.userId;
}

/** Refuses a change to `owner`'s photos early (before files are processed), same rules as lockOwner. */
async function checkOwner(ctx: Ctx, owner: PhotoOwner): Promise<void> {
  await inTransaction(ctx, (tx) => lockOwner(tx, owner));
}

/**
 * Adds uploaded photos to a listing (its seller, while active) or to a product or pack (an
 * admin), after the existing ones (docs/product/market.md "Photos", catalogue.md "Photos").
 * All or nothing: one bad file refuses the upload and nothing is stored (no row, no file).
 * A staff change writes an audit row (`photo.add`) in the same transaction.
 * @throws DomainError `not_signed_in` (401); `not_your_listing` / `forbidden` (403);
 * `not_found` (404); `listing_unavailable` (409); `no_photos`, `too_many_photos`,
 * `invalid_photo` (400).
 */
export async function attachPhotos(
  ctx: Ctx,
  input: { storage: MediaStorage; owner: PhotoOwner; uploads: Upload[] },
): Promise<{ added: number }> {
  await checkOwner(ctx, input.owner);
  const prepared = await preparePhotos(input.uploads);
  if (prepared.length === 0) {
    throw new DomainError("no_photos", "Choose at least one photo to upload.", 400);
  }
  const { storage, owner } = input;
  await withPhotoFiles(ctx, { storage, prepared }, async (tx) => {
    const uploadedBy = await lockOwner(tx, owner);
    const before = await keysOf(tx, owner);
    await savePhotos(tx, { storage, owner, prepared, uploadedBy });
    await auditCatalogPhotos(tx, owner, "photo.add", before);
  });
  return { added: prepared.length };
}

/**
 * Removes one photo of a listing (its seller) or of a product or pack (an admin); the photos
 * after it move up one place; its files go when no other photo uses them. A staff change writes
 * an audit row (`photo.remove`) in the same transaction.
 * @throws DomainError as {@link attachPhotos}; `not_found` (404) for a photo not of `owner`.
 */
export async function removePhoto(
  ctx: Ctx,
  input: { storage: MediaStorage; owner: PhotoOwner; photoId: number },
): Promise<void> {
  const removed = await inTransaction(ctx, async (tx) => {
    await lockOwner(tx, input.owner);
    const before = await keysOf(tx, input.owner);
    const [gone] = await tx.db
      .delete(photos)
      .where(and(eq(photos.id, input.photoId), ownerColumn(input.owner)))
      .returning({ key: photos.key, width: photos.width, position: photos.position });
    if (!gone) throw new DomainError("not_found", "Photo not found", 404);
    invalidatePagesAfterCommit(tx, pagesOf(input.owner));
    await tx.db
      .update(photos)
      .set({ position: sql`${photos.position} - 1` })
      .where(and(ownerColumn(input.owner), sql`${photos.position} > ${gone.position}`));
    await auditCatalogPhotos(tx, input.owner, "photo.remove", before);
    return gone;
  });
  await forgetFiles(ctx.db, input.storage, [removed]);
}

const PHOTO_FIELDS = {
  id: photos.id,
  key: photos.key,
  width: photos.width,
  height: photos.height,
};

/** The photos of one owner, in their order (public). */
export async function photosOf(db: Database, owner: PhotoOwner): Promise<Photo[]> {
  return db
    .select(PHOTO_FIELDS)
    .from(photos)
    .where(ownerColumn(owner))
    .orderBy(asc(photos.position), asc(photos.id));
}

/** The first photo of each listing among `listingIds` that has any (for cards in a grid). */
export async function listingCovers(
  db: Database,
  listingIds: number[],
): Promise<Map<number, Photo>> {
  if (listingIds.length === 0) return new Map();
  const where: SQL = and(inArray(photos.listingId, listingIds), eq(photos.position, 0))!;
  const rows = await db
    .select({ ...PHOTO_FIELDS, listingId: photos.listingId })
    .from(photos)
    .where(where);
  return new Map(rows.map(({ listingId, ...photo }) => [listingId!, photo]));
}

/** The photos of each product (`productId`) or pack (`packId`) among `ids`, in their order. */
export async function photosOfEach(
  db: Database,
  kind: "productId" | "packId",
  ids: number[],
): Promise<Map<number, Photo[]>> {
  const byOwner = new Map<number, Photo[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byOwner;
  const rows = await db
    .select({ ...PHOTO_FIELDS, ownerId: photos[kind] })
    .from(photos)
    .where(inArray(photos[kind], ids))
    .orderBy(asc(photos.position), asc(photos.id));
  for (const { ownerId, ...photo } of rows) byOwner.get(ownerId!)?.push(photo);
  return byOwner;
}
