import type { Route } from "./+types/sitemap";
import { listProductIds } from "~/.server/catalog/sitemap";
import { requestCtx } from "~/.server/request-context";

/** Every public page that is not a product, in the order of the spec's route table. */
const PUBLIC_PATHS = [
  "/",
  "/products",
  "/new-arrivals",
  "/sale",
  "/collections",
  "/community",
  "/events",
  "/contact",
  "/faq",
  "/shipping",
  "/returns",
  "/track-order",
  "/privacy-policy",
  "/terms-of-service",
  "/cookie-policy",
  "/packs",
  "/marketplace",
  "/leaderboard",
  "/rewards",
  "/category/trading-cards",
  "/category/comics",
] as const;

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** /sitemap.xml: the public pages and every product, as absolute URLs on the request origin. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const productIds = await listProductIds(requestCtx(context));
  const paths = [...PUBLIC_PATHS, ...productIds.map((id) => `/product/${id}`)];
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...paths.map((path) => `  <url><loc>${escapeXml(origin + path)}</loc></url>`),
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
