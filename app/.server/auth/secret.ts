import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Env } from "../env";

/** Thrown when a PostgreSQL deployment has no BETTER_AUTH_SECRET. */
export class MissingSecretError extends Error {
  override name = "MissingSecretError";
}

/**
 * The auth secret: BETTER_AUTH_SECRET when set. Without it, the embedded mode generates one
 * and keeps it in DATA_DIR/auth-secret (mode 0600) so sessions survive restarts; a PostgreSQL
 * deployment refuses, because instances sharing a database must share the secret.
 * @throws MissingSecretError with DATABASE_URL set and no BETTER_AUTH_SECRET.
 */
export function resolveAuthSecret(
  env: Pick<Env, "BETTER_AUTH_SECRET" | "DATABASE_URL" | "DATA_DIR">,
): string {
  if (env.BETTER_AUTH_SECRET) return env.BETTER_AUTH_SECRET;
  if (env.DATABASE_URL) {
    throw new MissingSecretError(
      "BETTER_AUTH_SECRET is required with DATABASE_URL: every instance sharing the database must sign sessions with the same secret. Generate one with `openssl rand -base64 48`.",
    );
  }
  const file = path.resolve(env.DATA_DIR, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
