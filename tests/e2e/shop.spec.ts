import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./helpers/axe";

// The featured banner's rotation is part of what this spec checks: motion as most visitors have it
// (tests that need reduced motion ask for it).
test.use({ reducedMotion: "no-preference" });

// The e2e database is shared and seeded once: these tests only read it.

const results = (page: Page) => page.getByRole("list", { name: "Collectibles" });
const cards = (page: Page) => results(page).getByRole("listitem");
const itemCount = async (page: Page) =>
  Number((await page.getByText(/^\d+ items?$/).textContent())!.split(" ")[0]);

/** Opens a page and waits until React has hydrated it, so controls react to input. */
async function openHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForFunction(() => {
    const main = document.getElementById("main");
    return !!main && Object.keys(main).some((key) => key.startsWith("__reactFiber"));
  });
}

/** The current price on each card, in cents (a sale card lists its sale price first). */
async function cardPrices(list: Locator): Promise<number[]> {
  const texts = await list.getByRole("listitem").allInnerTexts();
  return texts.map((text) =>
    Math.round(Number(text.match(/\$([\d,]+\.\d\d)/)![1]!.replace(/,/g, "")) * 100),
  );
}

/** Whether `prices` ascend (`direction` 1) or descend (-1). */
const isSorted = (prices: number[], direction: 1 | -1) =>
  prices.every((price, i) => i === 0 || (price - prices[i - 1]!) * direction >= 0);

test.describe("shop", () => {
  test("shows 'All Collectibles' with the item count and a page of 12 cards", async ({ page }) => {
    await page.goto("/products");
    await expect(page.getByRole("heading", { level: 1, name: "All Collectibles" })).toBeVisible();
    expect(await itemCount(page)).toBeGreaterThan(12);
    await expect(cards(page)).toHaveCount(12);
    const first = cards(page).first();
    await expect(first.getByRole("img")).toHaveAttribute("alt", /.+, .+, .+/);
    await expect(page.getByRole("combobox", { name: "Sort by" })).toHaveValue("best-sellers");
  });

  test("changing the sort reorders the list and the URL", async ({ page }) => {
    await openHydrated(page, "/products");
    await page
      .getByRole("combobox", { name: "Sort by" })
      .selectOption({ label: "Price low to high" });
    await expect(page).toHaveURL(/\/products\?sort=price-asc$/);
    // React renders the new list in a transition that may land just after the URL changes.
    await expect.poll(async () => isSorted(await cardPrices(results(page)), 1)).toBe(true);

    await page
      .getByRole("combobox", { name: "Sort by" })
      .selectOption({ label: "Price high to low" });
    await expect(page).toHaveURL(/sort=price-desc/);
    await expect(cards(page).first()).toContainText("$15,000.00");
    await expect.poll(async () => isSorted(await cardPrices(results(page)), -1)).toBe(true);
  });

  test("ticking a category and a condition narrows the list and the URL", async ({ page }) => {
    await openHydrated(page, "/products");
    const everything = await itemCount(page);
    const comicsBox = page.getByRole("checkbox", { name: "Comics" });
    await comicsBox.check();
    await expect(page).toHaveURL(/category=Comics/);
    await expect(comicsBox).toBeFocused();
    // The list renders in a transition that may land just after the URL changes.
    await expect.poll(() => itemCount(page)).toBeLessThan(everything);
    const comics = await itemCount(page);
    for (const card of await cards(page).all()) await expect(card).toContainText("Comics");

    await page.getByRole("checkbox", { name: "Near Mint" }).check();
    await expect(page).toHaveURL(/condition=Near\+Mint/);
    await expect(page).toHaveURL(/category=Comics/);
    await expect.poll(() => itemCount(page)).toBeLessThan(comics);

    // Back restores the list and the form to what the URL says.
    await page.goBack();
    await page.goBack();
    await expect(page).toHaveURL(/\/products$/);
    await expect.poll(() => itemCount(page)).toBe(everything);
    await expect(comicsBox).not.toBeChecked();
  });

  test("a box ticked before the filter panel is live applies once it is", async ({ page }) => {
    // The panel's code loads after the page's: hold it back, tick a box, then let it load.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/filter-panel-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/products");
    const comicsBox = page.getByRole("checkbox", { name: "Comics" });
    await comicsBox.check();
    await expect(page).toHaveURL(/\/products$/);
    release();
    await expect(page).toHaveURL(/category=Comics/);
    await expect(page.getByRole("button", { name: "Apply filters" })).toHaveCount(0);
    await expect(comicsBox).toBeChecked();
  });

  test("with JavaScript a price applies once typing pauses, with no Apply button", async ({
    page,
  }) => {
    await openHydrated(page, "/products");
    await expect(page.getByRole("button", { name: "Apply filters" })).toHaveCount(0);
    await page.getByRole("spinbutton", { name: "Max price" }).fill("200");
    await expect(page).toHaveURL(/max=200/);
    // The list renders in a transition after the URL changes: wait for it (on a busy machine
    // the old list was read under the new URL).
    await expect
      .poll(async () => (await cardPrices(results(page))).every((cents) => cents <= 20_000))
      .toBe(true);
    await expectNoSeriousA11yViolations(page);
  });

  test("the filter form works before JavaScript loads", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/products");
    await page.getByRole("spinbutton", { name: "Min price" }).fill("100");
    await page.getByRole("checkbox", { name: "Memorabilia" }).check();
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/min=100.*category=Memorabilia/);
    for (const card of await cards(page).all()) await expect(card).toContainText("Memorabilia");
    for (const cents of await cardPrices(results(page)))
      expect(cents).toBeGreaterThanOrEqual(10_000);
    await context.close();
  });

  test("search finds names and descriptions; no match offers to clear filters", async ({
    page,
  }) => {
    await openHydrated(page, "/products");
    const search = page.getByRole("searchbox", { name: "Search collectibles" });
    await search.fill("CHARIZARD");
    await search.press("Enter");
    await expect(page).toHaveURL(/q=CHARIZARD/);
    await expect(cards(page).first()).toContainText("Charizard Base Set Holo PSA 9");

    await page.goto("/products?q=clean+back");
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page)).toContainText("Blastoise 1st Edition Shadowless");

    await page.goto("/products?q=no-such-collectible&sort=newest");
    await expect(page.getByText("0 items", { exact: true })).toBeVisible();
    await page
      .getByRole("region", { name: "Results" })
      .getByRole("link", { name: "Clear filters" })
      .click();
    await expect(page).toHaveURL(/\/products\?sort=newest$/);
    await expect(cards(page)).toHaveCount(12);
  });

  test("pagination links keep the sort and filters", async ({ page }) => {
    await openHydrated(page, "/products?sort=price-asc");
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    await expect(pagination.getByRole("link", { name: "Page 1" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await pagination.getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/\?sort=price-asc&page=2$/);
    await expect(pagination.getByRole("link", { name: "Page 2" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await pagination.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\?sort=price-asc&page=3$/);
    await pagination.getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL(/\?sort=price-asc&page=2$/);

    await page.goto("/products?page=99");
    await expect(cards(page)).toHaveCount(0);
    await expect(page.getByText("This page is past the end of the results.")).toBeVisible();
  });

  test("the list view shows description excerpts", async ({ page }) => {
    await page.goto("/products?sort=price-desc");
    await page.getByRole("link", { name: "List view" }).click();
    await expect(page).toHaveURL(/sort=price-desc&view=list/);
    await expect(page.getByRole("link", { name: "List view" })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await expect(cards(page).first()).toContainText("The 1999 Base Set Charizard holo");
  });

  test("the banner rotates every 6 s and previous/next move it", async ({ page }) => {
    await openHydrated(page, "/products");
    const banner = page.getByRole("region", { name: "Featured collectibles" });
    const dots = banner.getByRole("button", { name: /^Show slide/ });
    await expect(dots).toHaveCount(4);
    await expect(dots.nth(0)).toHaveAttribute("aria-current", "true");
    await expect(banner.getByRole("link").first()).toHaveAttribute("href", /^\/product\/\d+$/);
    await expect(dots.nth(1)).toHaveAttribute("aria-current", "true", { timeout: 8_000 });

    await banner.getByRole("button", { name: "Next slide" }).click();
    await expect(dots.nth(2)).toHaveAttribute("aria-current", "true");
    await banner.getByRole("button", { name: "Previous slide" }).click();
    await banner.getByRole("button", { name: "Previous slide" }).click();
    await expect(dots.nth(0)).toHaveAttribute("aria-current", "true");
    await banner.getByRole("button", { name: "Previous slide" }).click();
    await expect(dots.nth(3)).toHaveAttribute("aria-current", "true");
  });

  test("below 768 px the filter panel opens from the Filters button", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await openHydrated(page, "/products");
    const memorabilia = page.getByRole("checkbox", { name: "Memorabilia" });
    await expect(memorabilia).toBeHidden();
    await page.getByRole("button", { name: "Filters", exact: true }).click();
    await expect(memorabilia).toBeVisible();
  });
});

test.describe("product detail", () => {
  test("shows the product, its details and schema.org Product data", async ({ page, baseURL }) => {
    await page.goto("/product/1");
    await expect(page).toHaveTitle("Charizard Base Set Holo PSA 9 | PackVault");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Charizard Base Set Holo PSA 9",
    );
    const main = page.getByRole("main");
    await expect(main.getByText("Ultra Rare")).toBeVisible();
    await expect(main.getByText("$15,000.00")).toBeVisible();
    await expect(
      main.getByRole("img", { name: "Charizard Base Set Holo PSA 9, Trading Cards, Ultra Rare" }),
    ).toBeVisible();
    for (const [term, value] of [
      ["Condition", "Mint"],
      ["Authenticity", "Verified"],
      ["Shipping", "Free to US addresses"],
    ]) {
      await expect(main.getByRole("term").filter({ hasText: term })).toBeVisible();
      await expect(
        main.getByRole("definition").filter({ hasText: new RegExp(`^${value}$`) }),
      ).toBeVisible();
    }
    // The shipping line says what the cart and /shipping say, and links there; no 'Free worldwide'.
    await expect(main.getByRole("link", { name: "Free to US addresses" })).toHaveAttribute(
      "href",
      "/shipping",
    );
    await expect(main).not.toContainText("worldwide");
    // Nobody has reviewed it: no rating is shown, not '3.8 (0)'.
    await expect(main.getByText("No reviews yet")).toBeVisible();
    await expect(main).not.toContainText("(0)");
    await expect(
      page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Shop" }),
    ).toHaveAttribute("href", "/products");

    const ld = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent())!,
    );
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Charizard Base Set Holo PSA 9",
      sku: "1",
      image: `${baseURL}/art/product/1.svg`,
      offers: {
        price: "15000.00",
        priceCurrency: "USD",
        availability: "https://schema.org/InStock",
      },
    });
    expect(ld.description).toContain("Base Set Charizard");

    await page.goto("/product/2");
    const rated = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent())!,
    );
    expect(rated.aggregateRating).toMatchObject({ "@type": "AggregateRating" });
    expect(rated.aggregateRating.reviewCount).toBeGreaterThan(0);
  });

  for (const path of ["/product/999999", "/product/abc"]) {
    test(`${path} shows 'Product Not Found' with status 404`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Product Not Found" })).toBeVisible();
      await page.getByRole("link", { name: "Back to Shop" }).click();
      await expect(page).toHaveURL("/products");
    });
  }

  test("Add to Cart and Wishlist send a visitor to sign in", async ({ page }) => {
    await page.goto("/product/1");
    await expect(page.getByRole("link", { name: "Wishlist" })).toHaveAttribute(
      "href",
      "/auth?redirectTo=/product/1",
    );
    await page.getByRole("link", { name: "Add to Cart" }).click();
    await expect(page).toHaveURL("/auth?redirectTo=/product/1");
  });
});

test.describe("collections", () => {
  test("a category page lists matching items, or says none are there yet", async ({ page }) => {
    await page.goto("/category/trading-cards");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Trading Cards");
    const line = await page.getByText(/^\d+ items available$/).textContent();
    await expect(
      page.getByRole("list", { name: "Trading Cards" }).getByRole("listitem"),
    ).toHaveCount(Number(line!.split(" ")[0]));

    // The spec's slugs that name no catalogue category are never empty.
    for (const [slug, title] of [
      ["action-figures", "Action Figures"],
      ["vintage-toys", "Vintage Toys"],
    ]) {
      await page.goto(`/category/${slug}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title!);
      await expect(page.getByText(/^\d+ items available$/)).toBeVisible();
      await expect(page.getByRole("list", { name: title }).getByRole("listitem")).not.toHaveCount(
        0,
      );
      await expectNoSeriousA11yViolations(page);
    }
    for (const [slug, title] of [["vintage-widgets", "Category"]]) {
      await page.goto(`/category/${slug}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title!);
      await expect(
        page.getByText("No items found in this category yet. Check back soon!"),
      ).toBeVisible();
    }
  });

  test("New Arrivals shows the 6 newest items", async ({ page }) => {
    await page.goto("/new-arrivals");
    await expect(page.getByRole("heading", { level: 1, name: "New Arrivals" })).toBeVisible();
    await expect(
      page.getByRole("list", { name: "New Arrivals" }).getByRole("listitem"),
    ).toHaveCount(6);
  });

  test("Sale Items shows 6 items with their former price struck through", async ({ page }) => {
    await page.goto("/sale");
    await expect(page.getByRole("heading", { level: 1, name: "Sale Items" })).toBeVisible();
    const items = page.getByRole("list", { name: "Sale Items" }).getByRole("listitem");
    await expect(items).toHaveCount(6);
    for (const item of await items.all())
      await expect(item.locator("s")).toHaveText(/Was \$[\d,]+\.\d\d/);
  });
});

for (const path of ["/products", "/product/1", "/category/comics", "/new-arrivals", "/sale"]) {
  test(`${path} has no serious accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expectNoSeriousA11yViolations(page);
  });
}
