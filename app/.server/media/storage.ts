import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Env } from "../env";
import { PHOTO_FILE } from "~/lib/domain/media";

/**
 * Where photo files are kept (docs/decisions/025-photo-uploads.md): a flat namespace of
 * content-hashed names (`<key>-<width>.<format>`, see PHOTO_FILE). Writing a name that exists
 * replaces it with the same bytes. Only local disk is built; an S3-compatible bucket would be a
 * second implementation of this interface.
 */
export type MediaStorage = {
  /** Stores `bytes` under `name`. @throws Error for a name that is not a photo file name. */
  put(name: string, bytes: Uint8Array): Promise<void>;
  /** The bytes stored under `name`, or null when there are none (or the name is not valid). */
  get(name: string): Promise<Uint8Array<ArrayBuffer> | null>;
  /** Removes `name`; removing a missing name is not an error. */
  remove(name: string): Promise<void>;
};

/**
 * Media storage on local disk: files in `dir` (created on first write), each written to a
 * temporary name first and renamed, so a reader never sees half a file.
 */
export function diskStorage(dir: string): MediaStorage {
  const fileOf = (name: string) => {
    if (!PHOTO_FILE.test(name)) throw new Error(`not a photo file name: ${name}`);
    return path.join(dir, name);
  };
  return {
    async put(name, bytes) {
      const file = fileOf(name);
      await mkdir(dir, { recursive: true });
      const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, file);
    },
    async get(name) {
      if (!PHOTO_FILE.test(name)) return null;
      try {
        return await readFile(fileOf(name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async remove(name) {
      await rm(fileOf(name), { force: true });
    },
  };
}

const opened = new Map<string, MediaStorage>();

/** The configured media storage: `DATA_DIR/media` on local disk (one instance per directory). */
export function mediaStorage(env: Pick<Env, "DATA_DIR">): MediaStorage {
  const dir = path.resolve(env.DATA_DIR, "media");
  let storage = opened.get(dir);
  if (!storage) {
    storage = diskStorage(dir);
    opened.set(dir, storage);
  }
  return storage;
}
