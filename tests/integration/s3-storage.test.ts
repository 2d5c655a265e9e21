// Photos in an S3-compatible bucket (docs/decisions/025-photo-uploads.md): s3Storage against an
// in-process S3 server that checks Signature V4 on every request, and the admin's photo forms
// and /media through mediaStorage when the S3_* settings are given.
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { photosOf, type Upload } from "~/.server/media/photos";
import { mediaStorage, s3Storage, type S3Config } from "~/.server/storage/storage";
import { productsTab } from "~/routes/+admin/products.server";
import { loader as mediaLoader } from "~/routes/media";
import { makeCollector, makeProduct } from "../helpers/commerce";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { parsed } from "../helpers/forms";
import { smallPng } from "../helpers/photos";
import { signatureV4, startS3Server } from "../helpers/s3-server";

const keys = { accessKeyId: "AKIDPACKVAULTTEST", secretAccessKey: "test/secret+key=42" };
const bucket = "pv-photos";
const region = "eu-west-1";
const name = (n: number, format = "webp") => `${String(n).padStart(64, "a")}-320.${format}`;

let s3: Awaited<ReturnType<typeof startS3Server>>;
let config: S3Config;
beforeAll(async () => {
  s3 = await startS3Server({ bucket, region, ...keys });
  config = { endpoint: s3.endpoint, bucket, region, ...keys };
});
afterAll(() => s3.close());

describe("the test server's Signature V4 check", () => {
  it("computes the signature of AWS's documented example (GET Object with a Range)", () => {
    // AWS S3 API reference, "Examples: Signature Calculations in AWS Signature Version 4".
    expect(
      signatureV4({
        method: "GET",
        path: "/test.txt",
        query: new URLSearchParams(),
        headers: {
          host: "examplebucket.s3.amazonaws.com",
          range: "bytes=0-9",
          "x-amz-content-sha256":
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
          "x-amz-date": "20130524T000000Z",
        },
        signedHeaders: ["host", "range", "x-amz-content-sha256", "x-amz-date"],
        payloadHash: "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
        amzDate: "20130524T000000Z",
        region: "us-east-1",
        service: "s3",
        secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
      }),
    ).toBe("f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41");
  });

  it("refuses an unsigned request", async () => {
    const response = await fetch(`${s3.endpoint}/${bucket}/${name(1)}`);
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("<Code>AccessDenied</Code>");
  });
});

describe("s3Storage", () => {
  it("puts, gets and removes a file, each request signed, the body's hash signed too", async () => {
    const storage = s3Storage(config);
    const bytes = new Uint8Array([1, 2, 3, 250]);
    const from = s3.requests.length;
    await storage.put(name(2), bytes);
    expect(s3.objects.get(name(2))).toEqual({
      bytes: Buffer.from(bytes),
      contentType: "image/webp",
    });
    expect(await storage.get(name(2))).toEqual(bytes);
    await storage.remove(name(2));
    expect(s3.objects.has(name(2))).toBe(false);
    expect(await storage.get(name(2))).toBeNull();
    // Removing what is gone is not an error.
    await storage.remove(name(2));
    expect(s3.requests.slice(from).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      `PUT /${bucket}/${name(2)} 200`,
      `GET /${bucket}/${name(2)} 200`,
      `DELETE /${bucket}/${name(2)} 204`,
      `GET /${bucket}/${name(2)} 404`,
      `DELETE /${bucket}/${name(2)} 204`,
    ]);
    for (const request of s3.requests.slice(from)) {
      expect(request.signedHeaders).toEqual(
        expect.arrayContaining(["host", "x-amz-content-sha256", "x-amz-date"]),
      );
    }
  });

  it("stores AVIF as image/avif and refuses a name that is not a photo file before any request", async () => {
    const storage = s3Storage(config);
    await storage.put(name(3, "avif"), new Uint8Array([9]));
    expect(s3.objects.get(name(3, "avif"))?.contentType).toBe("image/avif");
    const from = s3.requests.length;
    await expect(storage.put("../secrets.txt", new Uint8Array([1]))).rejects.toThrow(
      "not a photo file name: ../secrets.txt",
    );
    expect(await storage.get("../secrets.txt")).toBeNull();
    expect(s3.requests.length).toBe(from);
  });

  it("throws naming the status when the bucket refuses: a wrong secret, a missing bucket", async () => {
    await expect(
      s3Storage({ ...config, secretAccessKey: "not the secret" }).put(name(4), new Uint8Array([1])),
    ).rejects.toThrow(/S3 PUT a+4-320\.webp answered 403: .*SignatureDoesNotMatch/);
    await expect(s3Storage({ ...config, bucket: "no-such-bucket" }).get(name(4))).rejects.toThrow(
      /S3 GET a+4-320\.webp answered 404: .*NoSuchBucket/,
    );
    await expect(s3Storage({ ...config, region: "us-east-1" }).get(name(4))).rejects.toThrow(
      /answered 400: .*AuthorizationHeaderMalformed/,
    );
    expect(s3.objects.has(name(4))).toBe(false);
  });

  it("tries again after a 503, and gives up with the status after three tries", async () => {
    const storage = s3Storage(config);
    s3.failNext(1);
    await storage.put(name(5), new Uint8Array([5]));
    expect(s3.objects.has(name(5))).toBe(true);
    s3.failNext(3);
    await expect(storage.get(name(5))).rejects.toThrow(/answered 503: .*SlowDown/);
  });
});

describe("with the S3 settings", () => {
  let db: TestDatabase;
  let dataDir: string;
  beforeAll(async () => {
    db = await createTestDatabase();
    dataDir = await mkdtemp(path.join(tmpdir(), "pv-s3-"));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
    await db.destroy();
  });

  it("an admin's product photos go to the bucket, /media serves them from it, removing deletes them", async () => {
    const env = {
      DATA_DIR: dataDir,
      S3_BUCKET: bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: region,
      S3_ACCESS_KEY_ID: keys.accessKeyId,
      S3_SECRET_ACCESS_KEY: keys.secretAccessKey,
    };
    const productId = await makeProduct(db, {
      name: "Bucket Figurine",
      priceCents: 2500,
      stock: 1,
    });
    const admin = await makeCollector(db);
    const asAdmin = db.ctx({ actor: { userId: admin.id, role: "admin" } });
    // An admin photo intent as the seam runs it: the posted fields parsed with its schema.
    const post = (name: string, fields: Record<string, string>, uploads: Upload[]) => {
      const intent = productsTab.intents[name]!;
      return intent.run(asAdmin, parsed(intent.schema, fields), { uploads, env });
    };
    const before = new Set(s3.objects.keys());
    await post("add-product-photos", { productId: String(productId) }, [
      { name: "shelf.png", bytes: await smallPng(700, 500) },
    ]);
    const [photo] = await photosOf(db.db, { productId });
    const added = [...s3.objects.keys()].filter((key) => !before.has(key)).sort();
    // Every stored width (1280 is the 700 px photo, not enlarged), each in AVIF and WebP.
    expect(added).toEqual(
      ["1280.avif", "1280.webp", "320.avif", "320.webp", "640.avif", "640.webp"].map(
        (file) => `${photo!.key}-${file}`,
      ),
    );
    // Nothing on local disk.
    expect(await readdir(dataDir)).toEqual([]);

    const file = `${photo!.key}-640.webp`;
    const response = await mediaLoader({
      params: { file },
      context: { env },
    } as unknown as Parameters<typeof mediaLoader>[0]);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/webp");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await response.arrayBuffer())).toEqual(s3.objects.get(file)!.bytes);
    expect(mediaStorage(env)).toBe(mediaStorage({ ...env }));

    await post(
      "remove-product-photo",
      { productId: String(productId), photoId: String(photo!.id) },
      [],
    );
    expect(added.filter((key) => s3.objects.has(key))).toEqual([]);
  });
});
