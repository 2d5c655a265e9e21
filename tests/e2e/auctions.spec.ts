import type { Browser, Page } from "@playwright/test";
import {
  addFunds,
  expectBalance,
  finishCollectors,
  newCollector,
  newCollectorWithPull,
  vaultedCerts,
  vaultTile,
  type Collector,
} from "./helpers/collector";
import { gotoHydrated } from "./helpers/session";
import { expect, test } from "./helpers/test";

// A seller and two bidders sign up, the seller opens a pack: well over the default 30 s.
test.describe.configure({ timeout: 300_000 });

/** The auction page's live block: the price, the bid count, the time left, who leads. */
const status = (page: Page) => page.locator("[aria-live=polite]");

/** The minimum next bid the page offers, in dollars ("Minimum next bid: $12.00."). */
async function minimumNextBid(page: Page): Promise<number> {
  const help = await page.getByText(/^Minimum next bid: /).textContent();
  const match = /Minimum next bid: \$([\d,]+\.\d\d)/.exec(help ?? "");
  if (!match) throw new Error(`no minimum next bid in: ${help}`);
  return Number(match[1]!.replace(/,/g, ""));
}

async function placeBid(page: Page, dollars: number) {
  await page.getByLabel("Your maximum").fill(dollars.toFixed(2));
  await page.getByRole("button", { name: "Place bid" }).click();
}

/**
 * Fast-forwards the auction at `url` so it ends in `seconds` (the DEV_TOOLS tool,
 * docs/decisions/046-auction-fast-forward.md), as the signed-in `page`'s user.
 */
async function fastForward(page: Page, url: string, seconds: number) {
  const response = await page.request.post(`/dev${url}/fast-forward`, {
    form: { intent: "fast-forward", endsInSeconds: String(seconds) },
    headers: { Origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

/**
 * A new seller's fresh pull ($25 added, the starter pack opened) put up for auction at $10 for a
 * day: the seller, the auction page's path and the slab.
 */
async function auctionOfAFreshPull(browser: Browser, label: string, fullName: string) {
  const { collector: seller, card } = await newCollectorWithPull(browser, label, fullName, 25);
  await vaultTile(seller.page, card).getByRole("link", { name: "Auction" }).click();
  await expect(seller.page.getByRole("heading", { name: "Start an auction" })).toBeVisible();
  await seller.page.getByLabel("Start price").fill("10.00");
  await seller.page.getByRole("button", { name: "Start auction" }).click();
  await expect(seller.page).toHaveURL(/\/auctions\/\d+$/);
  // The auctioned slab's card page is a link away.
  await expect(seller.page.getByRole("link", { name: "Its value and sales" })).toHaveAttribute(
    "href",
    /^\/cards\/\d+$/,
  );
  return { seller, url: new URL(seller.page.url()).pathname, card };
}

/** Two bidders, each a new collector with $100 added, on the auction page at `url`. */
async function twoBidders(
  browser: Browser,
  url: string,
  names: [[string, string], [string, string]],
): Promise<[Collector, Collector]> {
  const bidders: Collector[] = [];
  for (const [label, fullName] of names) {
    const bidder = await newCollector(browser, label, fullName);
    await addFunds(bidder.page, 100);
    await gotoHydrated(bidder.page, url);
    bidders.push(bidder);
  }
  return [bidders[0]!, bidders[1]!];
}

test("two collectors bidding on one auction each see the other's bid arrive live, without a reload", async ({
  browser,
}) => {
  // A fresh auction of a fresh seller's pull (docs/product/market.md "Auctions"): no other
  // test's bids on it.
  const { seller, url } = await auctionOfAFreshPull(browser, "auction-seller", "Sam Seller");

  const [ana, ben] = await twoBidders(browser, url, [
    ["auction-ana", "Ana Bidder"],
    ["auction-ben", "Ben Bidder"],
  ]);
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
  await finishCollectors(seller, ana, ben);
});

test("a late bid extends the close live in both browsers, then the close job settles it: the winner has the slab, the seller is paid", async ({
  browser,
}) => {
  const { seller, url, card } = await auctionOfAFreshPull(
    browser,
    "auction-late-seller",
    "Lea Seller",
  );
  const [ana, ben] = await twoBidders(browser, url, [
    ["auction-late-ana", "Ana Late"],
    ["auction-late-ben", "Ben Late"],
  ]);

  // The auction's last two minutes (docs/product/market.md "Auctions": soft close).
  await fastForward(seller.page, url, 120);
  for (const { page } of [ana, ben]) {
    await expect(status(page).getByText(/^[12]m \d+s left/)).toBeVisible();
    await expect(status(page).getByText(/^Extended by late bids/)).toHaveCount(0);
  }
  // The maximum is checked in the browser first: the message beside the field, nothing posted.
  await ana.page.getByLabel("Your maximum").fill("");
  await ana.page.getByRole("button", { name: "Place bid" }).click();
  await expect(ana.page.getByLabel("Your maximum")).toHaveAccessibleDescription(
    /^Enter your maximum bid/,
  );
  // Ana's first bid opens at the start price: it raises nothing, so the end stays.
  await placeBid(ana.page, 20);
  await expect(status(ana.page).getByText(/^You're winning \(your maximum/)).toBeVisible();
  await expect(status(ben.page).getByText("1 bid", { exact: true })).toBeVisible();
  await expect(status(ben.page).getByText(/^Extended by late bids/)).toHaveCount(0);
  // Ben's raises the price in the last 10 minutes: the end moves to 10 minutes after it, and
  // both browsers see it without a reload.
  await placeBid(ben.page, 30);
  await expect(status(ben.page).getByText(/^You're winning \(your maximum/)).toBeVisible();
  await expect(status(ana.page).getByText("You've been outbid")).toBeVisible();
  for (const { page } of [ana, ben]) {
    await expect(status(page).getByText(/^Extended by late bids/)).toBeVisible();
    await expect(status(page).getByText(/^(9|10)m \d+s left/)).toBeVisible();
  }
  // Ana answers: she leads again, Ben is told where he stands.
  await placeBid(ana.page, 45);
  await expect(status(ana.page).getByText(/^You're winning \(your maximum/)).toBeVisible();
  await expect(status(ben.page).getByText("You've been outbid")).toBeVisible();
  await expect(status(ben.page).getByText("3 bids")).toBeVisible();
  const price = await ana.page.locator("[aria-live=polite] p.text-4xl").textContent();

  // Its end comes: the close job (every 5 s on the server) settles it, both pages hear of it.
  await fastForward(seller.page, url, 0);
  for (const { page } of [ana, ben]) {
    await expect(status(page).getByText("Sold for")).toBeVisible({ timeout: 30_000 });
    await expect(page.locator("[aria-live=polite] p.text-4xl")).toHaveText(price!);
  }
  await expect(status(ana.page).getByText(/^You won this auction/)).toBeVisible();
  // The slab is in Ana's vault; the seller has the price less the 15 % fee (their $25 went on
  // the pack).
  expect(await vaultedCerts(ana.page)).toContain(card.cert);
  const cents = Math.round(Number(price!.replace(/[$,]/g, "")) * 100);
  const net = cents - (cents * 15) / 100;
  await gotoHydrated(seller.page, "/wallet");
  await expectBalance(seller.page, `$${(net / 100).toFixed(2)}`);
  await finishCollectors(seller, ana, ben);
});
