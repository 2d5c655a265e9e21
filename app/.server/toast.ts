import { createHmac, randomUUID } from "node:crypto";
import { createCookie, redirect, type AppLoadContext } from "react-router";
import { z } from "zod";
import type { Toast } from "~/lib/toast";
import { toastSchema } from "~/lib/toast-schema";

/** A toast to show, before it gets its id. */
export type ToastInput = Omit<Toast, "id">;

/** Gives each toast a random id (sonner shows an id once). */
export function toToasts(inputs: readonly ToastInput[]): Toast[] {
  return inputs.map((input) => ({ id: randomUUID(), ...input }));
}

/**
 * A key for signing one kind of cookie, derived from the auth secret so that no two purposes
 * share a key and nothing new has to be configured.
 */
export async function derivedCookieSecret(
  context: AppLoadContext,
  purpose: string,
): Promise<string> {
  const { secret } = await context.auth.$context;
  return createHmac("sha256", secret).update(`packvault:${purpose}`).digest("base64url");
}

/** A signed, HttpOnly cookie for this site (Secure when PUBLIC_URL is https). */
export async function signedCookie(context: AppLoadContext, name: string, maxAgeSeconds: number) {
  return createCookie(name, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: context.env.PUBLIC_URL.startsWith("https://"),
    maxAge: maxAgeSeconds,
    secrets: [await derivedCookieSecret(context, name)],
  });
}

/** Long enough to survive a redirect on a slow connection; a flash is read on the next page. */
const FLASH_SECONDS = 60;
const flashCookie = (context: AppLoadContext) =>
  signedCookie(context, "packvault.toast", FLASH_SECONDS);

/**
 * A redirect to `to` that shows `toasts` on the page it lands on (a signed flash cookie read once
 * by the root loader, {@link readFlashToasts}). The Set-Cookie headers of `cookies` (a new
 * session, ...) go along.
 */
export async function redirectWithToasts(
  context: AppLoadContext,
  to: string,
  toasts: readonly ToastInput[],
  cookies?: Headers,
): Promise<Response> {
  const flash = await flashCookie(context);
  const headers = new Headers();
  for (const cookie of cookies?.getSetCookie() ?? []) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await flash.serialize(toToasts(toasts)));
  return redirect(to, { headers });
}

/**
 * The flash toasts of this request, once: with the Set-Cookie that clears them when there were
 * any. A missing, tampered or malformed cookie reads as none.
 */
export async function readFlashToasts(
  request: Request,
  context: AppLoadContext,
): Promise<{ toasts: Toast[]; headers: Headers }> {
  const headers = new Headers();
  const header = request.headers.get("Cookie");
  if (!header?.includes("packvault.toast=")) return { toasts: [], headers };
  const cookie = await flashCookie(context);
  const parsed = z
    .array(toastSchema)
    .max(5)
    .safeParse(await cookie.parse(header));
  headers.append("Set-Cookie", await cookie.serialize("", { maxAge: 0 }));
  return { toasts: parsed.success ? parsed.data : [], headers };
}
