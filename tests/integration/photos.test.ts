// Photos of listings, products and packs (docs/product/market.md "Photos",
// docs/decisions/025-photo-uploads.md): files are judged by content, refused ones leave no row
// and no file, stored ones keep no metadata, and only the seller (listings) or an admin
// (products, packs) may add or remove them.
import { and, asc, count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAuditLog, listings, photos } from "~/.server/db/schema";
import { createListing, loadListing } from "~/.server/market/listings";
import { attachPhotos, photosOf, removePhoto, type Upload } from "~/.server/media/photos";
import { MAX_PHOTO_BYTES } from "~/lib/domain/media";
import { packsTab } from "~/routes/+admin/packs.server";
import { productsTab } from "~/routes/+admin/products.server";
import { as, makeCollector, makeProduct, makeStaff, type Collector } from "../helpers/commerce";
import { expectFormRefused } from "../helpers/admin-form";
import type { AdminIntent } from "~/routes/+admin/tab-contract";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { listingForm, listPhysical } from "../helpers/market";
import { makePack } from "../helpers/packs";
import {
  gif,
  jpegWithGps,
  pngDeclaring,
  polyglot,
  smallPng,
  svg,
  tempStorage,
} from "../helpers/photos";
import { parsed } from "../helpers/forms";
import { createListingSchema } from "~/lib/schemas/market";

let db: TestDatabase;
let storage: Awaited<ReturnType<typeof tempStorage>>;
/** The settings whose DATA_DIR holds `storage` (DATA_DIR/media), for the admin's forms. */
let env: { DATA_DIR: string };
beforeAll(async () => {
  db = await createTestDatabase();
  storage = await tempStorage();
  env = { DATA_DIR: (await storage.dir()).replace(/\/media$/, "") };
});
afterAll(async () => {
  await storage.destroy();
  await db.destroy();
});

const photoRows = async () => (await db.db.select({ n: count() }).from(photos))[0]!.n;
const listingCount = async () => (await db.db.select({ n: count() }).from(listings))[0]!.n;

/** Runs `act`, expects the refusal, and checks that no photo row and no file were added. */
async function expectNothingStored(act: () => Promise<unknown>, refusal: object) {
  const [rowsBefore, filesBefore] = [await photoRows(), await storage.files()];
  await expect(act()).rejects.toMatchObject(refusal);
  expect(await photoRows()).toBe(rowsBefore);
  expect(await storage.files()).toEqual(filesBefore);
}

async function sellerWithListing(): Promise<{ seller: Collector; listingId: number }> {
  const seller = await makeCollector(db);
  return { seller, listingId: await listPhysical(db, seller, "40.00") };
}

describe("uploads are judged by their content", () => {
  it.each([
    ["a script with a JPEG header", async () => polyglot(), "is not a JPEG, PNG, WebP or AVIF"],
    ["an SVG", async () => svg(), "GIF and SVG are not accepted"],
    ["a GIF", gif, "GIF and SVG are not accepted"],
    ["text named .jpg", async () => Buffer.from("just some text, not a photo"), "is not a JPEG"],
    ["a PNG declaring 30000 x 30000 pixels", () => pngDeclaring(30000), "is too large"],
    [
      "a file over 10 MB",
      async () => Buffer.concat([await jpegWithGps(64, 64), Buffer.alloc(MAX_PHOTO_BYTES)]),
      "is larger than 10 MB",
    ],
  ])("refuses %s with a clear message, storing no row and no file", async (_, make, message) => {
    const { seller, listingId } = await sellerWithListing();
    const uploads: Upload[] = [
      { name: "front.jpg", bytes: await jpegWithGps(800, 600) },
      { name: "back.jpg", bytes: await make() },
    ];
    await expectNothingStored(
      () => attachPhotos(as(db, seller), { storage, owner: { listingId }, uploads }),
      { code: "invalid_photo", status: 400, message: expect.stringContaining(message) },
    );
    await expect(
      attachPhotos(as(db, seller), { storage, owner: { listingId }, uploads }),
    ).rejects.toMatchObject({ message: expect.stringMatching(/^back\.jpg /) });
  });

  it("accepts a PNG named .jpg (the content decides) and stores AVIF and WebP per width", async () => {
    const { seller, listingId } = await sellerWithListing();
    const bytes = await smallPng(400, 300);
    await attachPhotos(as(db, seller), {
      storage,
      owner: { listingId },
      uploads: [{ name: "slab.jpg", bytes }],
    });
    const [photo] = await photosOf(db.db, { listingId });
    expect(photo).toMatchObject({ width: 400, height: 300 });
    // 400 px wide: 320 and 640 (the original size), each in both formats.
    const own = (await storage.files()).filter((f) => f.startsWith(photo!.key));
    expect(own).toEqual([
      `${photo!.key}-320.avif`,
      `${photo!.key}-320.webp`,
      `${photo!.key}-640.avif`,
      `${photo!.key}-640.webp`,
    ]);
    const largest = await sharp((await storage.get(`${photo!.key}-640.webp`))!).metadata();
    expect(largest).toMatchObject({ format: "webp", width: 400 });
  });

  it("strips EXIF (GPS included) and turns the photo upright", async () => {
    const { seller, listingId } = await sellerWithListing();
    const original = await sharp(await jpegWithGps(1600, 1200))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const before = await sharp(original).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif!.toString("latin1")).toContain("PackVault Test Camera");
    await attachPhotos(as(db, seller), {
      storage,
      owner: { listingId },
      uploads: [{ name: "gps.jpg", bytes: original }],
    });
    const [photo] = await photosOf(db.db, { listingId });
    // Orientation 6 is a quarter turn: the stored photo is portrait.
    expect(photo).toMatchObject({ width: 1200, height: 1600 });
    for (const name of (await storage.files()).filter((f) => f.startsWith(photo!.key))) {
      const meta = await sharp((await storage.get(name))!).metadata();
      expect(meta.exif, name).toBeUndefined();
      expect(meta.xmp, name).toBeUndefined();
      expect(meta.orientation ?? 1, name).toBe(1);
      expect(meta.height!, name).toBeGreaterThan(meta.width!);
    }
  });

  it("refuses a seventh photo and more than six at once", async () => {
    const { seller, listingId } = await sellerWithListing();
    const png = await smallPng(200, 200);
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `${i}.png`, bytes: png }));
    await attachPhotos(as(db, seller), { storage, owner: { listingId }, uploads: six });
    await expectNothingStored(
      () =>
        attachPhotos(as(db, seller), {
          storage,
          owner: { listingId },
          uploads: [{ name: "7.png", bytes: png }],
        }),
      { code: "too_many_photos", status: 400 },
    );
    expect(await photosOf(db.db, { listingId })).toHaveLength(6);
  });
});

describe("creating a listing with photos", () => {
  it("saves the photos in order with the listing; the front comes first", async () => {
    const seller = await makeCollector(db);
    const { listingId } = await createListing(
      as(db, seller),
      parsed(createListingSchema, listingForm()),
      {
        storage,
        uploads: [
          { name: "front.png", bytes: await smallPng(300, 400) },
          { name: "back.png", bytes: await smallPng(301, 400) },
        ],
      },
    );
    const detail = await loadListing(as(db, seller), listingId);
    expect(detail!.photos.map((p) => p.width)).toEqual([300, 301]);
  });

  it("stamps the listing and its photos with the one clock of their transaction", async () => {
    const seller = await makeCollector(db);
    // A clock that moves on every reading: rows stamped from separate readings would differ.
    let tick = Date.UTC(2026, 10, 25, 12);
    const ctx = { ...as(db, seller), now: () => new Date((tick += 1000)) };
    const { listingId } = await createListing(ctx, parsed(createListingSchema, listingForm()), {
      storage,
      uploads: [{ name: "front.png", bytes: await smallPng(310, 400) }],
    });
    const [listing] = await db.db.select().from(listings).where(eq(listings.id, listingId));
    const stamped = await db.db
      .select({ createdAt: photos.createdAt })
      .from(photos)
      .where(eq(photos.listingId, listingId));
    expect(stamped).toHaveLength(1);
    expect(listing!.updatedAt).toEqual(listing!.createdAt);
    expect(stamped[0]!.createdAt).toEqual(listing!.createdAt);
  });

  it("creates no listing, row or file when one photo is bad", async () => {
    const seller = await makeCollector(db);
    const before = await listingCount();
    const front = await smallPng(302, 400);
    await expectNothingStored(
      () =>
        createListing(as(db, seller), parsed(createListingSchema, listingForm()), {
          storage,
          uploads: [
            { name: "front.png", bytes: front },
            { name: "back.svg", bytes: svg() },
          ],
        }),
      { code: "invalid_photo" },
    );
    expect(await listingCount()).toBe(before);
  });
});

describe("who may change photos", () => {
  it("refuses another user's photos on your listing, and their removing yours", async () => {
    const { seller, listingId } = await sellerWithListing();
    const stranger = await makeCollector(db);
    const bytes = await smallPng(310, 200);
    await expectNothingStored(
      () =>
        attachPhotos(as(db, stranger), {
          storage,
          owner: { listingId },
          uploads: [{ name: "x.png", bytes }],
        }),
      { code: "not_your_listing", status: 403 },
    );
    await attachPhotos(as(db, seller), {
      storage,
      owner: { listingId },
      uploads: [{ name: "mine.png", bytes }],
    });
    const [photo] = await photosOf(db.db, { listingId });
    await expectNothingStored(
      () => removePhoto(as(db, stranger), { storage, owner: { listingId }, photoId: photo!.id }),
      { code: "not_your_listing", status: 403 },
    );
    // The seller removes it: the row and (unused elsewhere) its files go.
    await removePhoto(as(db, seller), { storage, owner: { listingId }, photoId: photo!.id });
    expect(await photosOf(db.db, { listingId })).toEqual([]);
    expect((await storage.files()).some((f) => f.startsWith(photo!.key))).toBe(false);
  });

  it("refuses a photo id of another listing, even to a seller", async () => {
    const mine = await sellerWithListing();
    const theirs = await sellerWithListing();
    await attachPhotos(as(db, theirs.seller), {
      storage,
      owner: { listingId: theirs.listingId },
      uploads: [{ name: "t.png", bytes: await smallPng(311, 200) }],
    });
    const [photo] = await photosOf(db.db, { listingId: theirs.listingId });
    await expectNothingStored(
      () =>
        removePhoto(as(db, mine.seller), {
          storage,
          owner: { listingId: mine.listingId },
          photoId: photo!.id,
        }),
      { code: "not_found", status: 404 },
    );
  });

  it("lets only an admin add photos to products and packs", async () => {
    const productId = await makeProduct(db, { name: "Binder", priceCents: 1500, stock: 3 });
    const packId = await makePack(db);
    const user = await makeCollector(db);
    const moderator = await makeStaff(db, "moderator");
    const uploads = [{ name: "p.png", bytes: await smallPng(320, 200) }];
    for (const owner of [{ productId }, { packId }]) {
      for (const ctx of [
        as(db, user),
        db.ctx({ actor: { userId: moderator.id, role: "moderator" } }),
        db.ctx(),
      ]) {
        await expectNothingStored(() => attachPhotos(ctx, { storage, owner, uploads }), {
          code: "forbidden",
          status: 403,
        });
      }
    }
    const admin = await makeCollector(db);
    const asAdmin = db.ctx({ actor: { userId: admin.id, role: "admin" } });
    await attachPhotos(asAdmin, { storage, owner: { productId }, uploads });
    await attachPhotos(asAdmin, { storage, owner: { packId }, uploads });
    expect(await photosOf(db.db, { productId })).toHaveLength(1);
    expect(await photosOf(db.db, { packId })).toHaveLength(1);
    // The same upload twice shares its files; removing one keeps them for the other.
    const [productPhoto] = await photosOf(db.db, { productId });
    await removePhoto(asAdmin, { storage, owner: { productId }, photoId: productPhoto!.id });
    expect((await storage.files()).some((f) => f.startsWith(productPhoto!.key))).toBe(true);
    expect(
      (await db.db.select().from(photos).where(eq(photos.packId, packId))).map((p) => p.key),
    ).toEqual([productPhoto!.key]);
  });
});

describe("the admin's photo forms (Products and Packs tabs)", () => {
  /** `fields` parsed with the intent's schema, as the seam hands them to `run`. */
  const form = (intent: AdminIntent, fields: Record<string, string>) =>
    parsed(intent.schema, fields);

  it("adds and removes a product's photos, each change audited with the keys before and after", async () => {
    const productId = await makeProduct(db, { name: "Figurine", priceCents: 2500, stock: 2 });
    const admin = await makeCollector(db);
    const asAdmin = db.ctx({ actor: { userId: admin.id, role: "admin" } });
    const intents = productsTab.intents;
    const uploads = [
      { name: "a.png", bytes: await smallPng(330, 200) },
      { name: "b.png", bytes: await smallPng(331, 200) },
    ];
    const answer = await intents["add-product-photos"]!.run(
      asAdmin,
      form(intents["add-product-photos"]!, { productId: String(productId) }),
      { uploads, env },
    );
    expect(answer).toEqual({ description: "2 photos added." });
    const [first, second] = await photosOf(db.db, { productId });
    await intents["remove-product-photo"]!.run(
      asAdmin,
      form(intents["remove-product-photo"]!, {
        productId: String(productId),
        photoId: String(first!.id),
      }),
      { uploads: [], env },
    );
    const audit = await db.db
      .select()
      .from(adminAuditLog)
      .where(
        and(eq(adminAuditLog.targetType, "product"), eq(adminAuditLog.targetId, `${productId}`)),
      )
      .orderBy(asc(adminAuditLog.id));
    expect(audit.map(({ action, before, after }) => ({ action, before, after }))).toEqual([
      { action: "photo.add", before: { photos: [] }, after: { photos: [first!.key, second!.key] } },
      {
        action: "photo.remove",
        before: { photos: [first!.key, second!.key] },
        after: { photos: [second!.key] },
      },
    ]);
    // The tab shows the product with the photo that is left.
    const tab = await productsTab.load(asAdmin, new URLSearchParams({ q: "Figurine" }));
    expect(tab.rows.find((row) => row.id === productId)?.photos.map((p) => p.key)).toEqual([
      second!.key,
    ]);
    expect(tab.canManage).toBe(true);
  });

  it("refuses a bad id or photo and a photo of another pack, storing and auditing nothing", async () => {
    const packId = await makePack(db);
    const otherPack = await makePack(db);
    const admin = await makeCollector(db);
    const asAdmin = db.ctx({ actor: { userId: admin.id, role: "admin" } });
    const uploads = [{ name: "p.png", bytes: await smallPng(340, 200) }];
    await attachPhotos(asAdmin, { storage, owner: { packId: otherPack }, uploads });
    const [theirs] = await photosOf(db.db, { packId: otherPack });
    const auditRows = async () => (await db.db.select({ n: count() }).from(adminAuditLog))[0]!.n;
    const before = await auditRows();
    const intents = packsTab.intents;
    // The seam refuses a bad id before any file is read or stored.
    await expectFormRefused(db, admin, "add-pack-photos", { packId: "abc" }, "Pack is not valid");
    await expectFormRefused(
      db,
      admin,
      "remove-pack-photo",
      { packId: String(packId) },
      "Photo is not valid",
    );
    await expectFormRefused(
      db,
      admin,
      "remove-product-photo",
      { productId: "0", photoId: "1" },
      "Product is not valid",
    );
    await expect(
      intents["remove-pack-photo"]!.run(
        asAdmin,
        form(intents["remove-pack-photo"]!, {
          packId: String(packId),
          photoId: String(theirs!.id),
        }),
        { uploads: [], env },
      ),
    ).rejects.toMatchObject({ code: "not_found", status: 404 });
    expect(await photosOf(db.db, { packId: otherPack })).toHaveLength(1);
    expect(await auditRows()).toBe(before);
  });

  it("does not audit a seller's own listing photos", async () => {
    const { seller, listingId } = await sellerWithListing();
    const auditRows = async () => (await db.db.select({ n: count() }).from(adminAuditLog))[0]!.n;
    const before = await auditRows();
    await attachPhotos(as(db, seller), {
      storage,
      owner: { listingId },
      uploads: [{ name: "s.png", bytes: await smallPng(350, 200) }],
    });
    expect(await auditRows()).toBe(before);
  });
});
