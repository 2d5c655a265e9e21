import type { Page } from "@playwright/test";
import { addFunds, newCollector, type Collector } from "./helpers/collector";
import { gotoHydrated } from "./helpers/session";
import { expect, test } from "./helpers/test";

// Two collectors sign up and add funds before they bid: well over the default 30 s.
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
  const ana = await newCollector(browser, "auction-ana", "Ana Bidder");
  const ben = await newCollector(browser, "auction-ben", "Ben Bidder");
  await addFunds(ana.page, 400);
  await addFunds(ben.page, 400);

  // The demo seed's auction that ends soonest (docs/product/market.md "Auctions").
  await gotoHydrated(ana.page, "/auctions");
  await ana.page
    .getByRole("link")
    .filter({ hasText: /\d+ bids?/ })
    .first()
    .click();
  await expect(ana.page).toHaveURL(/\/auctions\/\d+$/);
  const url = new URL(ana.page.url()).pathname;
  await gotoHydrated(ana.page, url);
  await gotoHydrated(ben.page, url);
  // Ben's page never reloads from here: a marker on its window would be gone after one.
  await ben.page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

  // Above the demo bidder's maximum, so Ana takes the lead.
  const anaMaximum = 300;
  await placeBid(ana.page, anaMaximum);
  await expect(status(ana.page).getByText(/^You're winning/)).toBeVisible();
  const anaPrice = await ana.page.locator("[aria-live=polite] p.text-4xl").textContent();

  // Ana's bid reaches Ben through the live feed: the price, the history and his minimum move.
  await expect(ben.page.locator("[aria-live=polite] p.text-4xl")).toHaveText(anaPrice!);
  await expect(
    ben.page.getByRole("region", { name: "Bid history" }).getByRole("listitem").first(),
  ).toContainText(anaPrice!);
  const anaPriceDollars = Number(anaPrice!.replace(/[$,]/g, ""));
  await expect.poll(() => minimumNextBid(ben.page)).toBeGreaterThan(anaPriceDollars);

  await placeBid(ben.page, anaMaximum + 50);
  await expect(status(ben.page).getByText(/^You're winning/)).toBeVisible();
  // And Ben's reaches Ana: she is outbid where she stands.
  await expect(status(ana.page).getByText("You've been outbid")).toBeVisible();
  await expect(status(ana.page).getByText(/^You're winning/)).toHaveCount(0);
  expect(await ben.page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(
    true,
  );
  await done(ana, ben);
});
