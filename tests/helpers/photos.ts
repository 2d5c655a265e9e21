import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import { diskStorage, type MediaStorage } from "~/.server/storage/storage";

/** Media storage in a fresh temporary directory, with a way to list and drop what it holds. */
export async function tempStorage(): Promise<
  MediaStorage & { dir(): Promise<string>; files(): Promise<string[]>; destroy(): Promise<void> }
> {
  const root = await mkdtemp(path.join(tmpdir(), "pv-data-"));
  // DATA_DIR/media, as mediaStorage() lays it out.
  const dir = path.join(root, "media");
  const storage = diskStorage(dir);
  return {
    ...storage,
    dir: async () => dir,
    files: async () => (await readdir(dir).catch(() => [])).sort(),
    destroy: () => rm(root, { recursive: true, force: true }),
  };
}

/** A real JPEG photo of `width` x `height` carrying EXIF with a GPS position. */
export const jpegWithGps = (width = 1600, height = 1200) =>
  sharp({ create: { width, height, channels: 3, background: "#b03a2e" } })
    .jpeg()
    .withExif({
      IFD0: { Make: "PackVault Test Camera", Copyright: "secret owner" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 24/1" },
    })
    .toBuffer();

/** A small real PNG. */
export const smallPng = (width = 400, height = 300) =>
  sharp({ create: { width, height, channels: 3, background: "#2e86c1" } })
    .png()
    .toBuffer();

/** A valid 10x10 PNG whose header declares `side` x `side` pixels (a decompression bomb). */
export async function pngDeclaring(side: number): Promise<Buffer> {
  const png = Buffer.from(await smallPng(10, 10));
  png.writeUInt32BE(side, 16);
  png.writeUInt32BE(side, 20);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
  return png;
}

/** A script that starts with a JPEG's magic bytes (a polyglot). */
export const polyglot = () =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]),
    Buffer.from("<script>fetch('/account').then(r=>r.text()).then(alert)</script>".repeat(10)),
  ]);

export const svg = () =>
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script></svg>',
  );

export const gif = () =>
  sharp({ create: { width: 20, height: 20, channels: 3, background: "#000" } })
    .gif()
    .toBuffer();
