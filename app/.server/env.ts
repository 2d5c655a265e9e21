import { z } from "zod";

const flag = z.enum(["0", "1", "true", "false"]).transform((v) => v === "1" || v === "true");

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** The address to listen on: 0.0.0.0, or 127.0.0.1 by default with DEV_TOOLS. */
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .url()
    .refine((u) => /^postgres(ql)?:\/\//.test(u), "must start with postgres:// or postgresql://")
    .optional(),
  REDIS_URL: z
    .url()
    .refine((u) => /^rediss?:\/\//.test(u), "must start with redis:// or rediss://")
    .optional(),
  SMTP_URL: z.url().optional(),
  /**
   * The sender of every mail, `Name <address>` or an address; its domain must be one the SMTP
   * server may send for (SPF, DKIM, DMARC). Defaults to `PackVault <no-reply@PUBLIC_URL's host>`.
   */
  MAIL_FROM: z
    .string()
    .regex(
      /^(?:[^<>\r\n"]{1,64} <[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/,
      "must be an address like no-reply@shop.example or PackVault <no-reply@shop.example>",
    )
    .optional(),
  DEV_TOOLS: flag.default(false),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** The site's public origin, used in emailed links; defaults to http://localhost:PORT. */
  PUBLIC_URL: z
    .url()
    .refine((u) => /^https?:\/\/[^/]+\/?$/.test(u), "must be an origin like https://shop.example")
    .transform((u) => u.replace(/\/$/, ""))
    .optional(),
  /** Signs sessions and tokens: at least 32 characters. Required with DATABASE_URL. */
  BETTER_AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** How many reverse proxies to trust for X-Forwarded-For; 0 believes only the socket. */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /**
   * Megabytes of visitors' pages each process keeps in its page cache (production only; 0 turns
   * it off), docs/decisions/014-page-cache-and-nonces.md.
   */
  PAGE_CACHE_MB: z.coerce.number().min(0).max(4096).default(64),
  /**
   * The port of the Prometheus `/metrics` listener, on 127.0.0.1 only (unset: no metrics
   * listener), docs/decisions/027-metrics-and-topology.md.
   */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /**
   * Photos in an S3-compatible bucket instead of DATA_DIR/media (docs/decisions/025-photo-uploads.md):
   * S3_BUCKET turns it on and then needs S3_ENDPOINT (the service's origin), S3_ACCESS_KEY_ID and
   * S3_SECRET_ACCESS_KEY; S3_REGION is the signing region.
   */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name (3-63 of a-z 0-9 . -)")
    .optional(),
  S3_ENDPOINT: z
    .url()
    .refine((u) => /^https?:\/\/[^/]+\/?$/.test(u), "must be an origin like https://s3.example.com")
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, "must be a region like us-east-1")
    .default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /**
   * The problem-gambling helpline the Limits tab links to (docs/decisions/010-responsible-play.md):
   * a web page and a phone number. The defaults are the US ones (NCPG, 1-800-GAMBLER).
   */
  HELPLINE_URL: z
    .url()
    .refine((u) => /^https?:\/\//.test(u), "must be an http(s) address")
    .default("https://www.ncpgambling.org/"),
  HELPLINE_PHONE: z
    .string()
    .regex(/^[0-9A-Z+ ()-]{3,30}$/, "must be a phone number like 1-800-GAMBLER")
    .default("1-800-GAMBLER"),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(12, "must be at least 12 characters").optional(),
});

export type Env = z.infer<typeof schema> & { PUBLIC_URL: string; HOST: string; MAIL_FROM: string };

/** Addresses only this machine can reach. */
const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|localhost)$/i;

/** Thrown by {@link parseEnv}; `message` names every bad variable, one per line. */
export class EnvError extends Error {
  override name = "EnvError";
}

/**
 * Reads and validates the process configuration once, at start-up.
 * Empty strings count as unset, so `PORT=` falls back to the default.
 * DEV_TOOLS=1 shows every outgoing mail (password-reset links included) to whoever opens
 * /dev/outbox, so it is refused on anything that looks public: a PUBLIC_URL on https, or a
 * HOST other than a loopback address (docs/product/accounts-and-security.md).
 * @throws EnvError naming each invalid variable, e.g. `PORT: Too big: expected number to be <=65535`.
 */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ""));
  const result = schema.safeParse(present);
  const lines = result.success
    ? []
    : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  if (result.success) {
    const publicUrl = result.data.PUBLIC_URL ?? `http://localhost:${result.data.PORT}`;
    const env = {
      ...result.data,
      HOST: result.data.HOST ?? (result.data.DEV_TOOLS ? "127.0.0.1" : "0.0.0.0"),
      PUBLIC_URL: publicUrl,
      MAIL_FROM: result.data.MAIL_FROM ?? `PackVault <no-reply@${new URL(publicUrl).hostname}>`,
    };
    const s3Needs = ["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;
    if (env.S3_BUCKET) {
      for (const name of s3Needs) {
        if (!env[name]) lines.push(`${name}: is required when S3_BUCKET is set`);
      }
    } else if (s3Needs.some((name) => env[name])) {
      lines.push("S3_BUCKET: is required when S3_ENDPOINT or S3 keys are set");
    }
    if (env.METRICS_PORT === env.PORT) {
      lines.push(`METRICS_PORT: must differ from PORT (${env.PORT}): metrics are never public`);
    }
    if (env.DEV_TOOLS && env.PUBLIC_URL.startsWith("https://")) {
      lines.push("DEV_TOOLS: must be off when PUBLIC_URL is https (a public site)");
    }
    if (env.DEV_TOOLS && !LOOPBACK.test(env.HOST)) {
      lines.push(`DEV_TOOLS: must be off when HOST (${env.HOST}) is not a loopback address`);
    }
    if (lines.length === 0) return env;
  }
  throw new EnvError(`Invalid configuration:\n  ${lines.join("\n  ")}`);
}
