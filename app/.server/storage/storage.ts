import { createHash } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { AwsClient } from "aws4fetch";
import type { Env } from "../env";
import { PHOTO_FILE } from "~/lib/domain/media";

/**
 * Where photo files are kept (docs/decisions/025-photo-uploads.md): a flat namespace of
 * content-hashed names (`<key>-<width>.<format>`, see PHOTO_FILE). Writing a name that exists
 * replaces it with the same bytes. Two implementations: local disk ({@link diskStorage}, the
 * default) and an S3-compatible bucket ({@link s3Storage}, when S3_BUCKET is set).
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

/** The settings {@link mediaStorage} reads: DATA_DIR, and the S3_* ones when a bucket is used. */
export type MediaEnv = Pick<Env, "DATA_DIR"> & Partial<S3Env>;

type S3Env = Pick<
  Env,
  "S3_BUCKET" | "S3_ENDPOINT" | "S3_REGION" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY"
>;

/** Where an S3-compatible bucket is (docs/decisions/025-photo-uploads.md, README "Photos"). */
export type S3Config = {
  /** The service's origin, e.g. `https://s3.eu-west-1.amazonaws.com` or `http://127.0.0.1:9000`. */
  endpoint: string;
  bucket: string;
  /** The signing region (`us-east-1` for most non-AWS services; `auto` for R2). */
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

const CONTENT_TYPES = { avif: "image/avif", webp: "image/webp" } as const;

/**
 * Media storage in an S3-compatible bucket, through plain HTTP requests signed with AWS
 * Signature V4 (aws4fetch): `PUT`, `GET` and `DELETE` of `<endpoint>/<bucket>/<name>` (path
 * style, which AWS, MinIO, Ceph, R2 and Backblaze all answer). A put signs the SHA-256 of its
 * bytes (`X-Amz-Content-Sha256`), so the service refuses a body changed on the way. The bucket
 * stays private: photos are served by `/media/:file`, which reads them through `get`.
 * @throws Error from `put` for a name that is not a photo file name (before any request), and
 * from any call when the service answers other than 2xx (404 NoSuchKey is null for `get`, 404
 * is fine for `remove`; NoSuchBucket throws), naming the method, the name and the status.
 */
export function s3Storage(config: S3Config): MediaStorage {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    service: "s3",
    region: config.region,
    // A 5xx or 429 is tried again twice (aws4fetch backs off between tries).
    retries: 2,
  });
  const base = `${config.endpoint.replace(/\/+$/, "")}/${encodeURIComponent(config.bucket)}`;
  const urlOf = (name: string) => {
    if (!PHOTO_FILE.test(name)) throw new Error(`not a photo file name: ${name}`);
    return `${base}/${name}`;
  };
  const failure = async (method: string, name: string, response: Response) =>
    new Error(
      `S3 ${method} ${name} answered ${response.status}: ${(await response.text()).slice(0, 300)}`,
    );
  return {
    async put(name, bytes) {
      const format = PHOTO_FILE.exec(name)?.[3] as keyof typeof CONTENT_TYPES | undefined;
      const response = await client.fetch(urlOf(name), {
        method: "PUT",
        body: bytes.slice(),
        headers: {
          "Content-Type": format ? CONTENT_TYPES[format] : "application/octet-stream",
          "X-Amz-Content-Sha256": createHash("sha256").update(bytes).digest("hex"),
        },
      });
      if (!response.ok) throw await failure("PUT", name, response);
      await response.body?.cancel();
    },
    async get(name) {
      if (!PHOTO_FILE.test(name)) return null;
      const response = await client.fetch(urlOf(name), { method: "GET" });
      if (response.status === 404) {
        // NoSuchKey is a missing photo; a missing bucket is a setting to fix, said loudly.
        const text = await response.text();
        if (!text.includes("<Code>NoSuchBucket</Code>")) return null;
        throw new Error(`S3 GET ${name} answered 404: ${text.slice(0, 300)}`);
      }
      if (!response.ok) throw await failure("GET", name, response);
      return new Uint8Array(await response.arrayBuffer());
    },
    async remove(name) {
      const response = await client.fetch(urlOf(name), { method: "DELETE" });
      if (!response.ok && response.status !== 404) throw await failure("DELETE", name, response);
      await response.body?.cancel();
    },
  };
}

/** The bucket configured by the S3_* variables, or null when S3_BUCKET is unset. */
export function s3ConfigOf(env: S3Env): S3Config | null {
  if (!env.S3_BUCKET || !env.S3_ENDPOINT || !env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY) {
    return null;
  }
  return {
    endpoint: env.S3_ENDPOINT,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
  };
}

const opened = new Map<string, MediaStorage>();

/**
 * The configured media storage (one instance per place): the S3-compatible bucket when
 * S3_BUCKET is set (parseEnv has then checked the endpoint and keys are too), else
 * `DATA_DIR/media` on local disk.
 */
export function mediaStorage(env: MediaEnv): MediaStorage {
  const s3 = s3ConfigOf({ S3_REGION: "us-east-1", ...env });
  const place = s3 ? `s3:${s3.endpoint}/${s3.bucket}` : path.resolve(env.DATA_DIR, "media");
  let storage = opened.get(place);
  if (!storage) {
    storage = s3 ? s3Storage(s3) : diskStorage(place);
    opened.set(place, storage);
  }
  return storage;
}
