import { randomBytes } from "node:crypto";
import { type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./helpers/axe";
import {
  STARTER_PACK,
  addFunds,
  confirmPackOpening,
  newCollector,
  parseSlabAlt,
} from "./helpers/collector";
import { createItemListing, openListingPage } from "./helpers/listing";
import { gotoHydrated, signUpVerified, uniqueEmail } from "./helpers/session";
import { expect, test } from "./helpers/test";
import { initialsOf } from "../../app/lib/leaderboard-names";

// Sign up, add funds and open a pack (0.4 s + 1 s under reduced motion): well over the default 30 s.
test.describe.configure({ timeout: 120_000 });

/** Points of the achievements a first pull can unlock (migration 0005). */
const FIRST_PULL = 50;
const RARE_FIND = 100;
const LEGENDARY_PULL = 500;
const GEM_MINT = 250;

/** A name no other test uses, to find the collector's row among everyone's. */
const uniqueName = (first: string) => `${first} ${randomBytes(3).toString("hex")}`;

/**
 * Starts keeping every text the Latest Sales live region takes (its polite announcements), so
 * that one announcement can be checked after later ones replaced it; returns a reader of them.
 */
async function recordAnnouncements(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const region = document.querySelector(
      '[aria-labelledby="latest-sales-title"] [role="status"]',
    )!;
    const heard: string[] = [];
    Object.assign(window, { heardAnnouncements: heard });
    new MutationObserver(() => heard.push(region.textContent ?? "")).observe(region, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
  return () =>
    page.evaluate(() => (window as unknown as { heardAnnouncements: string[] }).heardAnnouncements);
}

/**
 * Opens the $25 starter pack from /pack/1 and keeps the card in the vault; returns the points
 * the pull must have earned: 25 for the price, 'First Pull', and 'Rare Find', 'Legendary Pull'
 * or 'Gem Mint' when the draw gave a rare, a legendary or a 10.0.
 */
async function openFirstPack(page: Page): Promise<{ points: number; cardName: string }> {
  await gotoHydrated(page, `/pack/${STARTER_PACK.id}`);
  await page.getByRole("button", { name: "Open Pack Now" }).click();
  await confirmPackOpening(page);
  const pulled = page.getByText(/^You pulled an? \w+ card!$/).first();
  await expect(pulled).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText("Achievement unlocked: First Pull")).toBeVisible();
  const rarity = /^You pulled an? (\w+) card!$/.exec((await pulled.textContent()) ?? "")![1];
  const alt = await page
    .getByRole("dialog")
    .getByRole("img", { name: /, graded [\d.]+ by (?:PSA|BGS|CGC|SGC), cert \d+$/ })
    .first()
    .getAttribute("alt");
  const grade = Number(/graded ([\d.]+) by/.exec(alt ?? "")![1]);
  await page.getByRole("button", { name: /^Keep in vault/ }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/vault");
  const points =
    STARTER_PACK.priceCents / 100 +
    FIRST_PULL +
    (rarity === "rare" ? RARE_FIND : 0) +
    (rarity === "legendary" ? LEGENDARY_PULL : 0) +
    (grade === 10 ? GEM_MINT : 0);
  return { points, cardName: parseSlabAlt(alt ?? "").name };
}

/** The collector's own row of the Rankings table (highlighted, marked 'You'). */
const ownRow = (page: Page) => page.getByRole("table").first().locator('tr[aria-current="true"]');

test("a visitor sees the rankings, the achievements and the levels, and is asked to sign in", async ({
  page,
}) => {
  await gotoHydrated(page, "/leaderboard");
  await expect(page.getByRole("heading", { level: 1, name: "Leaderboard" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Rankings" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(page.getByRole("link", { name: "Sign in", exact: true })).toHaveAttribute(
    "href",
    "/auth?redirectTo=/leaderboard",
  );
  const levels = page.getByRole("region", { name: "Levels" });
  for (const text of ["Bronze", "From 0 points", "Silver", "From 1,000 points", "Gold"]) {
    await expect(levels.getByText(text, { exact: true })).toBeVisible();
  }
  await expect(levels.getByText("From 20,000 points", { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("tab", { name: "Achievements" }).click();
  await expect(page).toHaveURL(/\?tab=achievements$/);
  const firstPull = page.getByRole("article", { name: "First Pull" });
  await expect(firstPull).toContainText("Open your first pack.");
  await expect(firstPull).toContainText("+50 points");
  await expect(firstPull).not.toContainText(/Unlocked|Locked/);
  await expect(page.getByRole("list", { name: "Achievements" }).getByRole("article")).toHaveCount(
    15,
  );
  await expectNoSeriousA11yViolations(page);

  await gotoHydrated(page, "/rewards");
  await expect(page.getByRole("heading", { level: 1, name: "Rewards Program" })).toBeVisible();
  await expect(page.getByText("Coming Soon", { exact: true })).toBeVisible();
  await expect(
    page.getByRole("main").getByRole("link", { name: "Sign In", exact: true }),
  ).toHaveAttribute("href", "/auth?redirectTo=/rewards");
  await expectNoSeriousA11yViolations(page);
});

test("at 1280 px every achievement card shows its points in the same place", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await gotoHydrated(page, "/leaderboard?tab=achievements");
  const cards = page.getByRole("list", { name: "Achievements" }).getByRole("article");
  await expect(cards).toHaveCount(15);
  // The points' distance from the card's bottom right corner, card by card: beside a short
  // name but wrapped under a long one, they were at a different place on each card of a row.
  const offsets = await cards.evaluateAll((all) =>
    all.map((card) => {
      const points = [...card.querySelectorAll("span")].find((span) =>
        /^\+[\d,]+ points$/.test(span.textContent ?? ""),
      )!;
      const outer = card.getBoundingClientRect();
      const inner = points.getBoundingClientRect();
      return `${Math.round(outer.bottom - inner.bottom)},${Math.round(outer.right - inner.right)}`;
    }),
  );
  expect(new Set(offsets).size).toBe(1);
});

test("a first pull raises the collector's points, unlocks 'First Pull' and shows on the leaderboard", async ({
  page,
}) => {
  const name = uniqueName("Lena");
  await signUpVerified(page, { email: uniqueEmail("leaderboard"), fullName: name });
  await gotoHydrated(page, "/leaderboard");
  await expect(page.getByText(/You are not on the leaderboard yet/)).toBeVisible();
  await expect(ownRow(page)).toHaveCount(0);

  await addFunds(page, 25);
  const { points } = await openFirstPack(page);

  await gotoHydrated(page, "/leaderboard");
  const row = ownRow(page);
  // Shown by initials by default, never by the full name nobody chose to show.
  await expect(row.getByRole("rowheader")).toContainText(initialsOf(name)!);
  await expect(page.getByRole("main")).not.toContainText(name);
  await expect(row.getByRole("rowheader")).toContainText("You");
  const cells = row.getByRole("cell");
  // Rank, level, points, total earned, listings, achievements.
  await expect(cells.nth(1)).toHaveText("Bronze");
  await expect(cells.nth(2)).toHaveText(points.toLocaleString("en-US"));
  await expect(cells.nth(3)).toHaveText(points.toLocaleString("en-US"));
  await expect(cells.nth(4)).toHaveText("0");
  const rank = Number(await cells.nth(0).textContent());
  expect(rank).toBeGreaterThanOrEqual(1);
  await expectNoSeriousA11yViolations(page);

  // On a phone the points sit beside the player, not hidden in the sideways scroll, and the
  // scroll is marked.
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoHydrated(page, "/leaderboard");
  const table = page.getByRole("region", { name: /^Top \d+ collectors/ });
  await expect(table).toHaveAccessibleDescription(/Swipe the table for total earned/);
  await expect(table.getByRole("columnheader", { name: "Points" })).toBeInViewport({ ratio: 1 });
  const ownPoints = ownRow(page).getByRole("cell").nth(1);
  await expect(ownPoints).toHaveText(points.toLocaleString("en-US"));
  // Down the page to the row (the table grows with every collector the suite makes), never
  // sideways: the points must be in view without the table's own scroll.
  await ownRow(page).evaluate((row) =>
    window.scrollTo(0, row.getBoundingClientRect().top + window.scrollY - 200),
  );
  await expect(ownPoints).toBeInViewport({ ratio: 1 });
  await expect(ownRow(page).getByRole("rowheader")).toContainText("Bronze");
  // A demo collector's mark (seeded on a new database) stays on one line, as high as the
  // one-line level badge beside it; it wrapped into a two-line pill.
  const demoRow = table.getByRole("row").filter({ hasText: "Demo collector" }).first();
  const visible = (text: string | RegExp) =>
    demoRow.getByText(text, { exact: true }).filter({ visible: true }).first().boundingBox();
  const demo = (await visible("Demo collector"))!;
  // The demo collectors' pulls are random, so their level is whatever their points made it.
  const level = (await visible(/^(Bronze|Silver|Gold|Platinum)$/))!;
  expect(demo.height).toBeLessThanOrEqual(level.height + 4);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.getByRole("tab", { name: "Achievements" }).click();
  await expect(page.getByRole("article", { name: "First Pull" })).toContainText(/Unlocked \w+/);
  await expect(page.getByRole("article", { name: "Shopper" })).toContainText("Locked");
  await expectNoSeriousA11yViolations(page);

  await gotoHydrated(page, "/rewards");
  await expect(page.getByRole("region", { name: "Your points" })).toContainText(
    `You have ${points} points and are at Bronze level`,
  );
  await expect(page.getByRole("progressbar", { name: "Progress to Silver" })).toHaveAttribute(
    "aria-valuetext",
    `${(1_000 - points).toLocaleString("en-US")} points to Silver`,
  );
  await expectNoSeriousA11yViolations(page);
});

test("a collector appears by initials by default, and may choose their name or 'Anonymous'", async ({
  page,
}) => {
  const name = uniqueName("Quinn");
  await signUpVerified(page, { email: uniqueEmail("anonymous"), fullName: name });
  await addFunds(page, 25);
  await openFirstPack(page);

  await gotoHydrated(page, "/account?tab=settings");
  const section = page.getByRole("region", { name: "Leaderboard" });
  await expect(section.getByRole("radio", { name: /Show my initials/ })).toBeChecked();
  await section.getByRole("radio", { name: /Show my name/ }).check();
  await section.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Leaderboard privacy saved")).toBeVisible();
  await gotoHydrated(page, "/leaderboard");
  await expect(ownRow(page).getByRole("rowheader")).toContainText(name);

  await gotoHydrated(page, "/account?tab=settings");
  await section.getByRole("radio", { name: /Appear as 'Anonymous'/ }).check();
  await section.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Leaderboard privacy saved")).toBeVisible();
  await expect(section.getByRole("radio", { name: /Appear as 'Anonymous'/ })).toBeChecked();

  await gotoHydrated(page, "/leaderboard");
  await expect(ownRow(page).getByRole("rowheader")).toContainText("Anonymous");
  await expect(page.getByRole("main")).not.toContainText(name);
});

test("a marketplace sale in one browser appears in Latest Sales of another within 2 seconds", async ({
  page,
  browser,
}) => {
  // The watcher: a visitor on the home page, its live stream open.
  const streaming = page.waitForResponse((response) => response.url().endsWith("/live/sales"));
  await gotoHydrated(page, "/");
  expect((await streaming).headers()["content-type"]).toContain("text/event-stream");
  const latestSales = page.getByRole("region", { name: "Latest Sales" });
  const heard = await recordAnnouncements(page);

  // Latest Sales shows marketplace sales (and rare-or-better buybacks, which a test cannot
  // draw on purpose: tests/integration/latest-sales.test.ts covers which buybacks show).
  const seller = await newCollector(browser, "live-seller", uniqueName("Sam"));
  const buyer = await newCollector(browser, "live-buyer", uniqueName("Bea"));
  const title = uniqueName("Live feed poster");
  try {
    await createItemListing(seller.page, {
      title,
      description: "A rolled poster, never framed, for the feed.",
      price: "12.50",
      category: "Star Wars",
      condition: "Good",
    });

    const sale = latestSales.getByRole("listitem").filter({ hasText: title }).filter({
      hasText: "$12.50",
    });
    await expect(sale).toHaveCount(0);

    await addFunds(buyer.page, 25);
    await gotoHydrated(buyer.page, `/marketplace?q=${encodeURIComponent(title)}`);
    await openListingPage(buyer.page, title);
    await buyer.page.getByRole("button", { name: "Buy Now" }).click();
    await buyer.page
      .getByRole("alertdialog", { name: `Buy ${title} for $12.50?` })
      .getByRole("button", { name: "Pay $12.50" })
      .click();
    await expect(buyer.page.getByText("Purchase complete!")).toBeVisible();

    await expect(sale).toBeVisible({ timeout: 2_000 });
    // Other tests' sales arrive on the same feed and may be announced after this one.
    await expect.poll(heard).toContain(`New sale: ${title} sold for $12.50`);
    expect(seller.problems, seller.problems.join("\n")).toEqual([]);
    expect(buyer.problems, buyer.problems.join("\n")).toEqual([]);
  } finally {
    await seller.close();
    await buyer.close();
  }
});
