import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Ctx } from "../context";
import { profiles } from "../db/schema";
import { DomainError } from "../errors";
import { EMAIL_CATEGORIES, type EmailCategory } from "~/lib/notifications";

/** Where an unsubscribe link lands: a confirm page (a GET changes nothing). */
export const UNSUBSCRIBE_PATH = "/unsubscribe";
/**
 * Where a mail client posts a one-click unsubscribe (RFC 8058, the List-Unsubscribe header):
 * no session, no Origin, authorised by the link's signature alone
 * (docs/decisions/022-one-click-unsubscribe.md).
 */
export const ONE_CLICK_UNSUBSCRIBE_PATH = "/unsubscribe/one-click";

/**
 * The key that signs unsubscribe links, derived from the auth secret (HMAC-SHA256 with a purpose
 * label), so the secret itself never reaches a route.
 */
export function unsubscribeKey(authSecret: string): string {
  return createHmac("sha256", authSecret).update("packvault:unsubscribe-links").digest("base64url");
}

/**
 * The signature of an unsubscribe link: HMAC-SHA256 under the server's auth secret over the
 * purpose, the user id and the category, base64url. It names one account and one category, so
 * a link works only for the address it was mailed to, and needs no sign-in.
 */
export function unsubscribeSignature(secret: string, userId: string, category: EmailCategory) {
  return createHmac("sha256", secret)
    .update(`packvault-unsubscribe\n${userId}\n${category}`)
    .digest("base64url");
}

/**
 * The absolute signed unsubscribe link for `userId`'s mail of `category`, built from
 * PUBLIC_URL: the confirm page by default, or `path` ({@link ONE_CLICK_UNSUBSCRIBE_PATH} for the
 * List-Unsubscribe header) with the same parameters.
 */
export function unsubscribeUrl(
  publicUrl: string,
  secret: string,
  userId: string,
  category: EmailCategory,
  path: typeof UNSUBSCRIBE_PATH | typeof ONE_CLICK_UNSUBSCRIBE_PATH = UNSUBSCRIBE_PATH,
): string {
  const url = new URL(path, publicUrl);
  url.searchParams.set("u", userId);
  url.searchParams.set("c", category);
  url.searchParams.set("s", unsubscribeSignature(secret, userId, category));
  return url.toString();
}

export type UnsubscribeLink = { userId: string; category: EmailCategory };

/**
 * Checks an unsubscribe link's parameters (constant-time comparison of the signature).
 * @returns the account and category it names, or null for a link that is not genuine.
 */
export function readUnsubscribeLink(
  secret: string,
  params: { u?: unknown; c?: unknown; s?: unknown },
): UnsubscribeLink | null {
  const { u, c, s } = params;
  if (typeof u !== "string" || typeof c !== "string" || typeof s !== "string") return null;
  const category = EMAIL_CATEGORIES.find((known) => known === c);
  if (!category || u.length === 0 || u.length > 200) return null;
  const expected = Buffer.from(unsubscribeSignature(secret, u, category));
  const given = Buffer.from(s);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { userId: u, category };
}

const COLUMN = {
  orderUpdates: "emailOrderUpdates",
  newArrivals: "emailNewArrivals",
  eventNotifications: "emailEventNotifications",
} as const;

/**
 * Turns off one email preference of the account an unsubscribe link names, without a session
 * (the link's signature is the proof). Idempotent.
 * @throws DomainError `invalid_unsubscribe_link` (400, 'This unsubscribe link is not valid')
 * when the link is not genuine or its account is gone.
 */
export async function unsubscribeByLink(
  ctx: Pick<Ctx, "db" | "now">,
  secret: string,
  params: { u?: unknown; c?: unknown; s?: unknown },
): Promise<UnsubscribeLink & { email: string }> {
  const link = readUnsubscribeLink(secret, params);
  const invalid = new DomainError(
    "invalid_unsubscribe_link",
    "This unsubscribe link is not valid",
    400,
  );
  if (!link) throw invalid;
  const [row] = await ctx.db
    .update(profiles)
    .set({ [COLUMN[link.category]]: false, updatedAt: ctx.now() })
    .where(eq(profiles.id, link.userId))
    .returning({ email: profiles.email });
  if (!row) throw invalid;
  return { ...link, email: row.email };
}
