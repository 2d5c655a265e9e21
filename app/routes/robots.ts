import type { Route } from "./+types/robots";

/** Paths that are private to a signed-in user or to staff, or development-only. */
const DISALLOWED = ["/admin", "/account", "/cart", "/wishlist", "/vault", "/dev/"] as const;

/** /robots.txt: crawl everything public; the sitemap's absolute URL from the request origin. */
export function loader({ request }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const body = [
    "User-agent: *",
    "Allow: /",
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
