import { count } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { products } from "~/.server/db/schema";
import { seedIfEmpty } from "~/.server/setup/seed";
import { loader as productArt } from "~/routes/art.product";
import { loader as slabArt } from "~/routes/art.slab";
import { loader as robots } from "~/routes/robots";
import { loader as sitemap } from "~/routes/sitemap";
import { TEST_ORIGIN } from "../helpers/auth";
import { routeContext } from "../helpers/commerce";
import { databaseForFile, authForFile } from "../helpers/file-setup";

// The files crawlers and image tags fetch, read through their route loaders as a request would.

const db = databaseForFile();
const auth = authForFile(db);
beforeAll(async () => {
  await seedIfEmpty(db.db, new Date("2026-11-01T12:00:00Z"));
});

/** A visitor's GET of `path` through `loader`, with the route `params`. */
async function get(
  loader: (args: never) => Response | Promise<Response>,
  path: string,
  params: Record<string, string> = {},
): Promise<Response> {
  const args = {
    request: new Request(`${TEST_ORIGIN}${path}`),
    params,
    context: routeContext(db, auth, null),
  };
  return loader(args as never);
}

/** The body of a visitor's GET of `path` through `loader`, expected 200, `contentType`, cached an hour. */
async function hourCachedBody(
  loader: (args: never) => Response | Promise<Response>,
  path: string,
  contentType: RegExp,
): Promise<string> {
  const response = await get(loader, path);
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toMatch(contentType);
  expect(response.headers.get("Cache-Control")).toContain("max-age=3600");
  return response.text();
}

describe("robots.txt", () => {
  it("lets crawlers in, keeps them out of private pages and names the sitemap", async () => {
    const body = await hourCachedBody(robots, "/robots.txt", /^text\/plain/);
    expect(body).toContain("User-agent: *\nAllow: /\n");
    for (const path of ["/admin", "/account", "/cart", "/wishlist", "/vault", "/dev/"]) {
      expect(body).toContain(`Disallow: ${path}\n`);
    }
    expect(body).toContain(`Sitemap: ${TEST_ORIGIN}/sitemap.xml`);
  });
});

describe("sitemap.xml", () => {
  it("lists every public page and every product, and no private page", async () => {
    const body = await hourCachedBody(sitemap, "/sitemap.xml", /^application\/xml/);
    expect(body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns=/);
    const locs = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    const publicPaths = `/ /products /new-arrivals /sale /collections /community /events /contact
      /faq /shipping /returns /track-order /privacy-policy /terms-of-service /cookie-policy /packs
      /marketplace /leaderboard /rewards /category/trading-cards /category/comics`.split(/\s+/);
    for (const path of publicPaths) expect(locs).toContain(`${TEST_ORIGIN}${path}`);
    const [{ n }] = (await db.db.select({ n: count() }).from(products)) as [{ n: number }];
    const productLocs = locs.filter((loc) => loc.startsWith(`${TEST_ORIGIN}/product/`));
    expect(productLocs).toHaveLength(n);
    expect(productLocs).toContain(`${TEST_ORIGIN}/product/1`);
    expect(locs.some((loc) => /\/(admin|account|cart|wishlist|vault)/.test(loc))).toBe(false);
  });
});

describe("product art", () => {
  it("is a long-cached SVG", async () => {
    const art = await get(productArt, "/art/product/1.svg", { id: "1" });
    expect(art.status).toBe(200);
    expect(art.headers.get("Content-Type")).toContain("image/svg+xml");
    expect(art.headers.get("Cache-Control")).toContain("max-age=31536000");
    expect(await art.text()).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  });

  it.each(["999999", "abc", "1.5", "-1"])("answers 404 for the id %j", async (id) => {
    expect((await get(productArt, `/art/product/${id}.svg`, { id })).status).toBe(404);
  });
});

describe("slab art", () => {
  const good =
    "name=Charizard&category=Pokemon&rarity=legendary&grade=10.0&grader=PSA&cert=10482213";

  it("answers SVG for good parameters", async () => {
    const ok = await get(slabArt, `/art/slab.svg?${good}`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("Content-Type")).toContain("image/svg+xml");
    expect(await ok.text()).toContain("PSA 10482213");
  });

  it.each([
    "",
    good.replace("rarity=legendary", "rarity=mythic"),
    good.replace("grade=10.0", "grade=10.5"),
    good.replace("grade=10.0", "grade=0.5"),
    good.replace("cert=10482213", "cert=12ab"),
    good.replace("grader=PSA", "grader=PVG"),
    good.replace("&grader=PSA", ""),
    good.replace("name=Charizard", `name=${"x".repeat(41)}`),
  ])("answers 400 for %j", async (query) => {
    expect((await get(slabArt, `/art/slab.svg?${query}`)).status).toBe(400);
  });
});
