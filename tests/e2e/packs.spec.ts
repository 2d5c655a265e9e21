import { type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./helpers/axe";
import { confirmPackOpening, expectBalance } from "./helpers/collector";
import { gotoHydrated, signUpVerified, uniqueEmail } from "./helpers/session";
import { expect, test } from "./helpers/test";

// Signs up, adds funds and opens a pack (a 2 s animation plus a 1 s reveal): more than 30 s.
test.describe.configure({ timeout: 120_000 });
// The opening animation is this spec's subject: motion as most visitors have it.
test.use({ reducedMotion: "no-preference" });

// Seeded packs (app/.server/setup/seed/packs-data.ts): the cheapest is #1, $25, 500 in stock.
const KANTO = { id: 1, name: "Kanto Starter Pack", price: "$25.00" };

const toast = (page: Page, text: string | RegExp) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

/** Tops the wallet up through /wallet's Add funds form with the sandbox's test card. */
async function addFunds(page: Page, dollars: string) {
  await gotoHydrated(page, "/wallet");
  const form = page.getByRole("region", { name: "Add funds" });
  await form.getByRole("textbox", { name: "Amount (USD)" }).fill(dollars);
  await form.getByLabel("Card number").fill("4242 4242 4242 4242");
  await form.getByLabel("Expiry (MM/YY)").fill("12/30");
  await form.getByLabel("CVC").fill("123");
  await form.getByRole("button", { name: "Add funds", exact: true }).click();
  await expect(toast(page, /Funds added/)).toBeVisible();
}

test("a visitor browses the packs and a pack's odds, and is asked to sign in to buy", async ({
  page,
}) => {
  await gotoHydrated(page, "/packs");
  await expect(page.getByRole("heading", { level: 1, name: "Mystery Packs" })).toBeVisible();
  const featured = page.getByRole("region", { name: "Featured" });
  const tile = featured.getByRole("link", { name: new RegExp(KANTO.name) });
  await expect(tile).toContainText("Live");
  await expect(tile).toContainText(KANTO.price);
  // A Featured row and one grid of the rest, with a category filter instead of one row per
  // category (docs/decisions/034-packs-page-without-repeats.md).
  await expect(page.getByRole("main").getByRole("region")).toHaveCount(2);
  const all = page.getByRole("list", { name: "More packs" });
  // The 12 seeded active packs (other tests may add more), each shown once.
  const hrefs = await page
    .getByRole("main")
    .locator('a[href^="/pack/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
  expect(hrefs.length).toBeGreaterThanOrEqual(12);
  expect(new Set(hrefs).size).toBe(hrefs.length);
  // A sold-out pack (Hall of Fame, stock 0) never features; below it says "Sold out", never
  // "Live" beside it, and comes after every pack on sale.
  await expect(featured.getByText("Sold out")).toHaveCount(0);
  const soldOut = all.getByRole("link", { name: /Hall of Fame Pack/ });
  await expect(soldOut).toContainText("Sold out");
  await expect(soldOut).not.toContainText("Live");
  const badges = await all
    .getByRole("link")
    .evaluateAll((links) =>
      links.map((link) => (link.textContent?.includes("Sold out") ? "sold out" : "on sale")),
    );
  expect(badges.slice(badges.indexOf("sold out"))).not.toContain("on sale");
  const unfilteredHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(unfilteredHeight).toBeLessThan(2_100);
  await expectNoSeriousA11yViolations(page);
  const filter = page.getByRole("navigation", { name: "Pack categories" });
  await filter.getByRole("link", { name: "Star Wars" }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get("category") === "star-wars");
  const starWars = page.getByRole("list", { name: "Star Wars packs" });
  await expect(starWars.getByRole("link", { name: /Outer Rim Pack/ })).toBeVisible();
  for (const tile of await starWars.getByRole("link").all()) {
    await expect(tile).toContainText("Star Wars");
  }
  await expect(starWars.getByRole("link", { name: /Kanto/ })).toHaveCount(0);
  await expect(filter.getByRole("link", { name: "Star Wars" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(pageHeight).toBeLessThan(2_600);
  await filter.getByRole("link", { name: "All", exact: true }).click();
  await expect(featured.getByRole("link", { name: /Kanto Starter Pack/ })).toBeVisible();

  await tile.click();
  await expect(page).toHaveURL((url) => url.pathname === `/pack/${KANTO.id}`);
  await expect(page.getByRole("heading", { level: 1, name: KANTO.name })).toBeVisible();
  await expect(page.getByText(/^[\d,]+ packs? available$/)).toBeVisible();
  const odds = page.getByRole("region", { name: "Rarity distribution" });
  const stated = { common: "85%", uncommon: "10%", rare: "4%", legendary: "1%" };
  for (const [rarity, percent] of Object.entries(stated)) {
    await expect(odds.locator(`li:has([data-rarity="${rarity}"])`)).toContainText(percent);
  }
  const expected = page.getByRole("region", { name: "Expected value of one pull" });
  await expect(expected).toContainText("Average buyback (90%)$22.50");
  await expect(expected).toContainText("On average a pull sold back returns 90% of the price");
  await expect(page.getByRole("link", { name: /verify your pulls/ })).toHaveAttribute(
    "href",
    "/fairness",
  );
  await expect(page.getByRole("region", { name: "More Packs" }).getByRole("link")).not.toHaveCount(
    0,
  );
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Open Pack Now" }).click();
  await expect(toast(page, "Please sign in to purchase packs")).toBeVisible();
  await expect(page).toHaveURL(
    (url) => url.pathname === "/auth" && url.searchParams.get("redirectTo") === `/pack/${KANTO.id}`,
  );
});

test("an unknown or non-numeric pack id goes back to /packs with 'Failed to load pack'", async ({
  page,
}) => {
  for (const id of ["999999", "not-a-pack"]) {
    await page.goto(`/pack/${id}`);
    await expect(page).toHaveURL((url) => url.pathname === "/packs");
    await expect(toast(page, "Failed to load pack")).toBeVisible();
  }
});

test("the open route only answers POST, and a visitor's POST gets 401", async ({
  request,
  baseURL,
}) => {
  expect((await request.get(`/pack/${KANTO.id}/open`)).status()).toBe(405);
  const visitor = await request.post(`/pack/${KANTO.id}/open`, {
    form: { idempotencyKey: crypto.randomUUID(), redirectTo: `/pack/${KANTO.id}` },
    headers: { Origin: new URL(baseURL!).origin },
  });
  expect(visitor.status()).toBe(401);
  // The seam's answer: its toast for the dialog to show, and the sign-in page back to the pack.
  expect(await visitor.json()).toEqual({
    error: "Please log in to open packs",
    code: "not_signed_in",
    toasts: [{ id: expect.any(String), kind: "error", title: "Please log in to open packs" }],
    redirect: `/auth?redirectTo=/pack/${KANTO.id}`,
  });
});

test("a collector adds funds, opens a pack, sees the reveal and keeps the card", async ({
  page,
}) => {
  await signUpVerified(page, { email: uniqueEmail("packs") });

  // A new collector has $0: the question says so and links to Add funds; the server refuses.
  await gotoHydrated(page, `/pack/${KANTO.id}`);
  await page.getByRole("button", { name: "Open Pack Now" }).click();
  const broke = page.getByRole("alertdialog", { name: `Open ${KANTO.name}?` });
  await expect(broke).toContainText("Balance afterNot enough funds");
  await expect(broke.getByRole("link", { name: "Add funds" })).toBeVisible();
  await confirmPackOpening(page);
  await expect(toast(page, "Insufficient balance")).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Open Pack Now" })).toBeFocused();
  // The toast's 'Add funds' (the seam's action) goes to the wallet, back to this pack after.
  await toast(page, "Insufficient balance").getByRole("button", { name: "Add funds" }).click();
  await expect(page).toHaveURL(
    (url) =>
      url.pathname === "/wallet" && url.searchParams.get("redirectTo") === `/pack/${KANTO.id}`,
  );

  await addFunds(page, "50");

  // Before the pack is paid for it asks: pack, price, balance now and after. Cancel (focused
  // first, so a stray Enter does nothing) opens nothing and charges nothing.
  await gotoHydrated(page, `/pack/${KANTO.id}`);
  await page.getByRole("button", { name: "Open Pack Now" }).click();
  const question = page.getByRole("alertdialog", { name: `Open ${KANTO.name}?` });
  await expect(question).toContainText(`Pack${KANTO.name}`);
  await expect(question).toContainText(`Price${KANTO.price}`);
  await expect(question).toContainText("Wallet balance$50.00");
  await expect(question).toContainText("Balance after$25.00");
  await expect(question.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Enter");
  await expect(question).toHaveCount(0);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expectBalance(page, "$50.00");

  await page.getByRole("button", { name: "Open Pack Now" }).click();
  await question.getByRole("button", { name: `Open for ${KANTO.price}` }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: `Opening ${KANTO.name}` })).toBeVisible();
  await expect(dialog.getByRole("heading", { name: `Your pull from ${KANTO.name}` })).toBeVisible({
    timeout: 15_000,
  });
  await expect(toast(page, /^You pulled a (common|uncommon|rare|legendary) card!$/)).toBeVisible();
  await expect(dialog.getByRole("status")).toHaveText(
    /^You pulled .+: (Common|Uncommon|Rare|Legendary), grade \d{1,2}\.\d, estimated value \$[\d,]+\.\d\d\.$/,
  );
  await expect(
    dialog.getByRole("img", { name: /graded \d{1,2}\.\d by (?:PSA|BGS|CGC|SGC), cert \d{6,10}$/ }),
  ).toBeVisible();
  await expect(dialog.getByText("Condition")).toBeVisible();
  await expect(dialog.getByRole("button", { name: /^Buyback \$[\d,]+\.\d\d/ })).toContainText(
    "90%",
  );
  await expect(dialog.getByText("This buyback offer expires in 24 hours.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await dialog.getByRole("button", { name: /^Keep in vault/ }).click();
  await expect(toast(page, "Card added to your vault!")).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === "/vault");
});

test("a collector sells a pull back from the reveal", async ({ page }) => {
  await signUpVerified(page, { email: uniqueEmail("buyback") });
  await addFunds(page, "30");

  await gotoHydrated(page, "/");
  await page
    .getByRole("region", { name: "Live packs" })
    .getByRole("button", { name: `Open pack: ${KANTO.name}` })
    .click();
  await confirmPackOpening(page);
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: `Your pull from ${KANTO.name}` })).toBeVisible({
    timeout: 15_000,
  });
  // The buyback gives up the card: it asks first, naming the amount; Cancel keeps the card.
  const sell = dialog.getByRole("button", { name: /^Buyback \$[\d,]+\.\d\d/ });
  const amount = /\$[\d,]+\.\d\d/.exec((await sell.textContent()) ?? "")![0];
  await sell.click();
  const question = page.getByRole("alertdialog", { name: /^Sell .+ for \$[\d,]+\.\d\d\?$/ });
  await expect(question).toContainText(`${amount} goes to your wallet`);
  await question.getByRole("button", { name: "Cancel" }).click();
  await expect(question).toHaveCount(0);
  await expect(dialog.getByRole("heading", { name: `Your pull from ${KANTO.name}` })).toBeVisible();
  await sell.click();
  await question.getByRole("button", { name: `Sell for ${amount}` }).click();
  await expect(toast(page, `Buyback accepted! You received ${amount}`)).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page).toHaveURL((url) => url.pathname === "/");
});

test("a collector chooses 'Don't ask for packs under $X' on the Limits tab: cheaper packs open at once", async ({
  page,
}) => {
  await signUpVerified(page, { email: uniqueEmail("noask") });
  await addFunds(page, "30");

  await gotoHydrated(page, "/account?tab=limits");
  const section = page.getByRole("region", { name: "Confirm before opening" });
  const under = section.getByRole("textbox", { name: "Don't ask for packs under ($)" });
  await expect(under).toHaveValue("");
  await expect(section).toContainText("Now: we ask before every pack.");
  await under.fill("0.50");
  await section.getByRole("button", { name: "Save" }).click();
  await expect(section.getByText("Enter at least $1.00")).toBeVisible();

  // At $25 a $25 pack still asks: only packs priced below the amount skip the question.
  await under.fill("25");
  await section.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Pack confirmation saved")).toBeVisible();
  await gotoHydrated(page, `/pack/${KANTO.id}`);
  await page.getByRole("button", { name: "Open Pack Now" }).click();
  const question = page.getByRole("alertdialog", { name: `Open ${KANTO.name}?` });
  await question.getByRole("button", { name: "Cancel" }).click();
  await expect(question).toHaveCount(0);

  await gotoHydrated(page, "/account?tab=limits");
  await under.fill("25.01");
  await section.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Pack confirmation saved")).toBeVisible();
  await expect(section).toContainText("Now: packs under $25.01 open without asking.");
  await gotoHydrated(page, `/pack/${KANTO.id}`);
  await page.getByRole("button", { name: "Open Pack Now" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: `Your pull from ${KANTO.name}` })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
});

test("buttons only JavaScript can run are disabled until the page hydrates; links and forms are not", async ({
  browser,
  page,
}) => {
  // Without JavaScript the page stays as the server sent it: as it is before hydration.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const bare = await context.newPage();
  await bare.goto(`/pack/${KANTO.id}`);
  await expect(bare.getByRole("button", { name: "Open Pack Now" })).toBeDisabled();
  await expect(bare.getByRole("link", { name: /verify your pulls/ })).toBeVisible();
  await bare.goto("/");
  await expect(bare.getByRole("button", { name: "Next card" })).toBeDisabled();
  await bare.goto("/products");
  // The shop's filter form is a plain GET form: its Apply button works without JavaScript.
  await expect(bare.getByRole("button", { name: "Apply filters" })).toBeEnabled();
  await context.close();

  await gotoHydrated(page, `/pack/${KANTO.id}`);
  await expect(page.getByRole("button", { name: "Open Pack Now" })).toBeEnabled();
  await gotoHydrated(page, "/");
  await expect(page.getByRole("button", { name: "Next card" })).toBeEnabled();
});
