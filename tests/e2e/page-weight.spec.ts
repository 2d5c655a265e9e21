import path from "node:path";
import { expect, test } from "@playwright/test";
// The bench's own reader, so the test and `npm run bench` count the same bytes.
import { firstLoadJs, readClientManifest } from "../../bench/lib/js-budget.js";

// Page weight budgets (docs/decisions/032-component-classes-and-lean-first-load.md): read from
// the production build this E2E run serves, so they cost no build of their own. The bench
// (bench/storefront.js) prints the same figures.
const clientDir = path.resolve(process.env.BUILD_DIR ?? ".e2e/build", "client");
const KB = 1024;

/**
 * First-load JavaScript (gzip) of each page: the entry, the root and the matched route, at most
 * 120 KB (parts not needed for the first interaction load after it:
 * docs/decisions/036-deferred-page-parts.md).
 */
const JS_BUDGETS: Record<string, number> = {
  "/": 120 * KB,
  "/products": 120 * KB,
  "/product/1": 120 * KB,
  "/packs": 120 * KB,
};

/** Uncompressed HTML of each page as a visitor gets it. */
const HTML_BUDGETS: Record<string, number> = {
  "/": 40 * KB,
  "/products?sort=price_asc&page=2": 60 * KB,
};

test.describe("page weight", () => {
  const manifest = readClientManifest(clientDir);
  for (const [pathname, budget] of Object.entries(JS_BUDGETS)) {
    test(`first-load JavaScript of ${pathname} is at most ${budget / KB} KB gzip`, () => {
      const { gzipBytes, files } = firstLoadJs(clientDir, manifest, pathname);
      expect(files).toBeGreaterThan(1);
      expect(gzipBytes).toBeLessThanOrEqual(budget);
    });
  }

  for (const [url, budget] of Object.entries(HTML_BUDGETS)) {
    test(`the HTML of ${url} is at most ${budget / KB} KB`, async ({ request }) => {
      const response = await request.get(url, { headers: { accept: "text/html" } });
      expect(response.status()).toBe(200);
      const html = await response.body();
      expect(html.toString("utf8")).toContain("</html>");
      expect(html.length).toBeLessThanOrEqual(budget);
    });
  }
});
