// The HTTP edge for forms with files (docs/decisions/025-photo-uploads.md): only the paths with
// upload limits take them, through the same seam as every form (sign-in, origin check), the
// limits stop a body before or while it is read, and a refused upload stores nothing.
import { request } from "node:http";
import { asc, count, desc, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Auth } from "~/.server/policy/auth";
import { listings, photos } from "~/.server/db/schema";
import { PHOTO_UPLOADS } from "~/.server/http/upload-limits";
import { uploadBodyBytes } from "~/.server/http/request-limits";
import * as cart from "~/routes/cart";
import * as marketplace from "~/routes/marketplace";
import * as listingPage from "~/routes/marketplace.$id";
import { startActionServer, type ActionRoute } from "../helpers/action-server";
import { TEST_ORIGIN, createTestAuth } from "../helpers/auth";
import { makeCollector, routeContext, type Collector } from "../helpers/commerce";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { smallPng, svg, tempStorage } from "../helpers/photos";

let db: TestDatabase;
let auth: Auth;
let storage: Awaited<ReturnType<typeof tempStorage>>;
let server: Awaited<ReturnType<typeof startActionServer>>;
let acting: Collector | null = null;
let dataDir: string;

beforeAll(async () => {
  db = await createTestDatabase();
  auth = createTestAuth(db);
  storage = await tempStorage();
  // The routes store under DATA_DIR/media: point DATA_DIR at the temporary storage's parent.
  dataDir = (await storage.dir()).replace(/\/media$/, "");
  server = await startActionServer(
    [
      { path: "/marketplace", action: marketplace.action },
      { path: "/marketplace/:id", action: listingPage.action },
      { path: "/cart", action: cart.action },
    ] as ActionRoute[],
    () => {
      const context = routeContext(db, auth, acting) as AppLoadContext & { env: object };
      return { ...context, env: { ...context.env, DATA_DIR: dataDir } } as AppLoadContext;
    },
  );
});
afterAll(async () => {
  await server.close();
  await storage.destroy();
  await db.destroy();
});

const rows = async () => ({
  listings: (await db.db.select({ n: count() }).from(listings))[0]!.n,
  photos: (await db.db.select({ n: count() }).from(photos))[0]!.n,
  files: (await storage.files()).length,
});

const LISTING_FIELDS = {
  intent: "create-listing",
  title: "Charizard PSA 9",
  description: "Front and back photographed in daylight.",
  price: "150.00",
  category: "Pokemon",
  condition: "Near Mint",
};

function multipart(
  fields: Record<string, string>,
  files: { field: string; name: string; type: string; bytes: Uint8Array }[],
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) {
    form.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  }
  return form;
}

const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    body,
    headers: { origin: TEST_ORIGIN, ...headers },
    redirect: "manual",
  });

const photo = async (name: string, width = 500) => ({
  field: "photos",
  name,
  type: "image/png",
  bytes: await smallPng(width, 400),
});

describe("a listing created with photos over HTTP", () => {
  it("stores the listing and its photos for a signed-in seller", async () => {
    acting = await makeCollector(db);
    const before = await rows();
    const response = await post(
      "/marketplace",
      multipart(LISTING_FIELDS, [await photo("front.png"), await photo("back.png", 501)]),
    );
    expect(response.status).toBe(302);
    const after = await rows();
    expect(after.listings).toBe(before.listings + 1);
    expect(after.photos).toBe(before.photos + 2);
    expect(after.files).toBe(before.files + 8);
  });

  it("refuses a bad photo with its message, storing no listing, row or file", async () => {
    acting = await makeCollector(db);
    const before = await rows();
    const response = await post(
      "/marketplace",
      multipart(LISTING_FIELDS, [
        await photo("front.png"),
        { field: "photos", name: "back.png", type: "image/png", bytes: svg() },
      ]),
    );
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain(
      "back.png is not a JPEG, PNG, WebP or AVIF image",
    );
    expect(await rows()).toEqual(before);
  });

  it("sends a visitor to sign in and stores nothing", async () => {
    acting = null;
    const before = await rows();
    const response = await post("/marketplace", multipart(LISTING_FIELDS, [await photo("f.png")]));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/auth/);
    expect(await rows()).toEqual(before);
  });

  it("refuses a post from another site (the origin check) before reading it", async () => {
    acting = await makeCollector(db);
    const before = await rows();
    const response = await post("/marketplace", multipart(LISTING_FIELDS, [await photo("f.png")]), {
      origin: "https://evil.example",
    });
    expect(response.status).toBe(403);
    expect(await rows()).toEqual(before);
  });
});

describe("photos added to and removed from a listing over HTTP", () => {
  /** A new listing of `seller` without photos, by its id. */
  async function listingOf(seller: Collector): Promise<number> {
    acting = seller;
    expect((await post("/marketplace", multipart(LISTING_FIELDS, []))).status).toBe(302);
    const [row] = await db.db
      .select({ id: listings.id })
      .from(listings)
      .where(eq(listings.userId, seller.id))
      .orderBy(desc(listings.id))
      .limit(1);
    return row!.id;
  }
  const photosOfListing = (listingId: number) =>
    db.db
      .select({ id: photos.id, position: photos.position, width: photos.width })
      .from(photos)
      .where(eq(photos.listingId, listingId))
      .orderBy(asc(photos.position));
  const add = (listingId: number, files: Awaited<ReturnType<typeof photo>>[]) =>
    post(
      `/marketplace/${listingId}`,
      multipart({ intent: "add-photos", listingId: String(listingId) }, files),
    );
  const remove = (listingId: number, photoId: number) =>
    post(
      `/marketplace/${listingId}`,
      new URLSearchParams({
        intent: "remove-photo",
        listingId: String(listingId),
        photoId: String(photoId),
      }),
    );

  it("lets the seller add the Front and Back, then remove the Front (the Back moves up)", async () => {
    const seller = await makeCollector(db);
    const listingId = await listingOf(seller);
    const response = await add(listingId, [await photo("front.png"), await photo("back.png", 501)]);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/marketplace/${listingId}`);
    const [front, back] = await photosOfListing(listingId);
    expect([front?.width, back?.width]).toEqual([500, 501]);
    expect((await remove(listingId, front!.id)).status).toBe(302);
    expect(await photosOfListing(listingId)).toEqual([{ ...back!, position: 0 }]);
  });

  it("refuses a seventh photo on a listing, storing none of the upload", async () => {
    const seller = await makeCollector(db);
    const listingId = await listingOf(seller);
    const five = await Promise.all(Array.from({ length: 5 }, (_, i) => photo(`${i}.png`, 500 + i)));
    expect((await add(listingId, five)).status).toBe(302);
    const before = await rows();
    const response = await add(listingId, [await photo("a.png", 600), await photo("b.png", 601)]);
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain("At most 6 photos are allowed.");
    expect(await rows()).toEqual(before);
  });

  it("refuses another user's upload and removal (403), changing nothing", async () => {
    const seller = await makeCollector(db);
    const listingId = await listingOf(seller);
    expect((await add(listingId, [await photo("mine.png")])).status).toBe(302);
    const [mine] = await photosOfListing(listingId);
    acting = await makeCollector(db);
    const before = await rows();
    const upload = await add(listingId, [await photo("theirs.png", 700)]);
    expect(upload.status).toBe(403);
    expect(JSON.stringify(await upload.json())).toContain("Only the seller can do that");
    expect((await remove(listingId, mine!.id)).status).toBe(403);
    expect(await rows()).toEqual(before);
  });

  it("refuses a bad file by name, storing nothing", async () => {
    const seller = await makeCollector(db);
    const listingId = await listingOf(seller);
    const before = await rows();
    const response = await add(listingId, [
      await photo("front.png"),
      { field: "photos", name: "drawing.svg", type: "image/svg+xml", bytes: svg() },
    ]);
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain("drawing.svg is not a JPEG");
    expect(await rows()).toEqual(before);
  });
});

/**
 * Posts a 5-byte multipart body whose headers declare `declaredBytes`, and resolves with the
 * status the server answers before the body is complete. `fetch` cannot do this (it rejects a
 * body shorter than its content-length), so this speaks HTTP/1.1 through node:http.
 */
const postDeclaring = (path: string, declaredBytes: number) =>
  new Promise<number>((resolve, reject) => {
    const req = request(`${server.url}${path}`, {
      method: "POST",
      headers: {
        origin: TEST_ORIGIN,
        "content-type": "multipart/form-data; boundary=x",
        "content-length": String(declaredBytes),
      },
    });
    req.on("response", (response) => {
      resolve(response.statusCode ?? 0);
      response.resume();
      req.destroy();
    });
    req.on("error", reject);
    req.write("--x--");
  });

describe("the upload limits", () => {
  it("refuses a body declared over the upload limit before reading it (413)", async () => {
    acting = await makeCollector(db);
    const before = await rows();
    expect(await postDeclaring("/marketplace", uploadBodyBytes(PHOTO_UPLOADS) + 1)).toBe(413);
    expect(await rows()).toEqual(before);
  });

  it("refuses a seventh file while reading (413), storing nothing", async () => {
    acting = await makeCollector(db);
    const before = await rows();
    const seven = await Promise.all(Array.from({ length: 7 }, (_, i) => photo(`${i}.png`)));
    const response = await post("/marketplace", multipart(LISTING_FIELDS, seven));
    expect(response.status).toBe(413);
    expect(JSON.stringify(await response.json())).toContain(
      "At most 6 files can be uploaded at once",
    );
    expect(await rows()).toEqual(before);
  });

  it("stops reading a file over 10 MB (413), storing nothing", async () => {
    acting = await makeCollector(db);
    const before = await rows();
    const big = { ...(await photo("big.png")), bytes: new Uint8Array(10 * 1024 * 1024 + 1) };
    const response = await post("/marketplace", multipart(LISTING_FIELDS, [big]));
    expect(response.status).toBe(413);
    expect(JSON.stringify(await response.json())).toContain("Each file must be at most 10 MB");
    expect(await rows()).toEqual(before);
  });

  it("keeps files out of every other form: a file in another field or intent is 400", async () => {
    acting = await makeCollector(db);
    const before = await rows();
    const stray = { ...(await photo("x.png")), field: "imageUrl" };
    for (const [path, fields] of [
      ["/marketplace", LISTING_FIELDS],
      ["/marketplace", { intent: "make-offer", listingId: "1", offerType: "buy", amount: "5" }],
      ["/cart", { intent: "add", productId: "1" }],
    ] as const) {
      const files =
        path === "/marketplace" && fields === LISTING_FIELDS ? [stray] : [await photo("p.png")];
      const response = await post(path, multipart(fields, files));
      expect(response.status, `${path} ${fields.intent}`).toBe(400);
      expect(JSON.stringify(await response.json())).toContain("Malformed form");
    }
    expect(await rows()).toEqual(before);
  });

  it("keeps the 1 MB limit on paths without uploads, multipart or not (413)", async () => {
    expect(await postDeclaring("/cart", 1024 * 1024 + 1)).toBe(413);
  });
});
