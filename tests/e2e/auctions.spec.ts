import type { Page } from "@playwright/test";
import { addFunds, newCollector, openPackAndKeep, type Collector } from "./helpers/collector";
import { gotoHydrated } from "./helpers/session";
import { expect, test } from "./helpers/test";

// A seller and two bidders sign up, the seller opens a pack: well over the default 30 s.
test.describe.configure({ timeout: 300_000 });

/** The auction page's live block: the price, the bid count, the time left, who leads. */
const status = (page: Page) => page.locator("[aria-live=polite]");

/** The minimum next bid the page offers, in dollars ("Minimum next bid: $12.00."). */
async function minimumNextBid(page: Page): Promise<number> {
  const help = await page.locator("#maximum-help").textContent();
  const match = /Minimum next bid: \$([\d,]+\.\d\d)/.exec(help ?? "");
  if (!match) throw new Error(`no minimum next bid in: ${help}`);
  return Number(match[1]!.replace(/,/g, ""));
}

async function placeBid(page: Page, dollars: number) {
  await page.getByLabel("Your maximum").fill(dollars.toFixed(2));
  await page.getByRole("button", { name: "Place bid" }).click();
}

async function done(...collectors: Collector[]) {
  for (const { problems, close } of collectors) {
    expect(problems, problems.join("\n")).toEqual([]);
    await close();
  }
}

test("two collectors bidding on one auction each see the other's bid arrive live, without a reload", async ({
  browser,
}) => {
  // A fresh auction of a fresh seller's pull (docs/product/market.md "Auctions"): no other
  // test's bids on it.
  const seller = await newCollector(browser, "auction-seller", "Sam Seller");
  await addFunds(seller.page, 25);
  const card = await openPackAndKeep(seller.page);
  await seller.page
    .getByRole("article")
    .filter({ has: seller.page.getByRole("img", { name: new RegExp(`, cert ${card.cert}$`) }) })
    .getByRole("link", { name: "Auction" })
    .click();
  await expect(seller.page.getByRole("heading", { name: "Start an auction" })).toBeVisible();
  await seller.page.getByLabel("Start price").fill("10.00");
  await seller.page.getByRole("button", { name: "Start auction" }).click();
  await expect(seller.page).toHaveURL(/\/auctions\/\d+$/);
  const url = new URL(seller.page.url()).pathname;
  // The auctioned slab's card page is a link away.
  await expect(seller.page.getByRole("link", { name: "Its value and sales" })).toHaveAttribute(
    "href",
    /^\/cards\/\d+$/,
  );

  const ana = await newCollector(browser, "auction-ana", "Ana Bidder");
  const ben = await newCollector(browser, "auction-ben", "Ben Bidder");
  await addFunds(ana.page, 100);
  await addFunds(ben.page, 100);
  await gotoHydrated(ana.page, url);
  await gotoHydrated(ben.page, url);
  // Ben's page never reloads from here: a marker on its window would be gone after one.
  await ben.page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

  const anaMaximum = 40;
  await placeBid(ana.page, anaMaximum);
  await expect(status(ana.page).getByText(/^You're winning \(your maximum/)).toBeVisible();
  const anaPrice = await ana.page.locator("[aria-live=polite] p.text-4xl").textContent();

  // Ana's bid reaches Ben through the live feed: the price, the history and his minimum move.
  await expect(ben.page.locator("[aria-live=polite] p.text-4xl")).toHaveText(anaPrice!);
  await expect(
    ben.page.getByRole("region", { name: "Bid history" }).getByRole("listitem").first(),
  ).toContainText(anaPrice!);
  const anaPriceDollars = Number(anaPrice!.replace(/[$,]/g, ""));
  await expect.poll(() => minimumNextBid(ben.page)).toBeGreaterThan(anaPriceDollars);

  await placeBid(ben.page, anaMaximum + 20);
  await expect(status(ben.page).getByText(/^You're winning \(your maximum/)).toBeVisible();
  // And Ben's reaches Ana: she is outbid where she stands.
  await expect(status(ana.page).getByText("You've been outbid")).toBeVisible();
  await expect(status(ana.page).getByText(/^You're winning \(your maximum/)).toHaveCount(0);
  expect(await ben.page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(
    true,
  );
  // The seller watched it too: two bids, Ben's price.
  await expect(status(seller.page).getByText("2 bids")).toBeVisible();
  await done(seller, ana, ben);
});
