import type { Route } from "./+types/dev.outbox.mail";
import { findOutboxHtml } from "~/.server/auth/email-flows";

/**
 * How a mail's HTML is served to the outbox's frame: it runs no script and loads nothing but
 * images and its own inline styles; only this site may frame it. React Email's links open a new
 * window (the app's pages refuse to be framed).
 */
const MAIL_PREVIEW_HEADERS = {
  "Content-Type": "text/html; charset=utf-8",
  "Content-Security-Policy":
    "default-src 'none'; img-src 'self' data: https:; style-src 'unsafe-inline'; " +
    "base-uri 'none'; form-action 'none'; frame-ancestors 'self'",
  "X-Frame-Options": "SAMEORIGIN",
  "Cache-Control": "private, no-store",
} as const;

/**
 * GET /dev/outbox/{id}.html (docs/product/accounts-and-security.md): the rendered HTML of one
 * outbox message, framed by /dev/outbox. Exists only with DEV_TOOLS=1, like the outbox itself;
 * 404 for an unknown id.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = /^[1-9]\d{0,9}$/.test(params.id) ? Number(params.id) : null;
  const html = context.env.DEV_TOOLS && id !== null ? await findOutboxHtml(context, id) : null;
  if (html === null) {
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(html, { headers: MAIL_PREVIEW_HEADERS });
}
