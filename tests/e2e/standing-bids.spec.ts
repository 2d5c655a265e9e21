import {
  addFunds,
  expectBalance,
  finishCollectors,
  newCollector,
  newCollectorWithPull,
  vaultedCerts,
  vaultTile,
} from "./helpers/collector";
import { gotoHydrated } from "./helpers/session";
import { expect, test } from "./helpers/test";

// Two sign-ups and a pack opening: well over the default 30 s.
test.describe.configure({ timeout: 240_000 });

test("an owner fills a standing bid from the card page: the bid ladder beside the listings, 'Sell now for $X', asked first", async ({
  browser,
}) => {
  // The owner's fresh pull: its grader, and its catalogue card (the vault's link to its bids).
  const { collector: owner, card } = await newCollectorWithPull(
    browser,
    "standing-owner",
    "Olga Owner",
    25,
  );
  const tile = vaultTile(owner.page, card);
  const alt = await tile
    .getByRole("img", { name: /, cert \d+$/ })
    .first()
    .getAttribute("alt");
  const grader = /graded [\d.]+ by (\w+), cert/.exec(alt ?? "")![1]!;
  const bids = await tile.getByRole("link", { name: "Bids & Sell now" }).getAttribute("href");
  const catalogueId = /\/auctions\/cards\/(\d+)$/.exec(bids ?? "")![1]!;

  // A collector bids $30 for any slab of the card by that grader (docs/product/market.md
  // "Standing bids").
  const bidder = await newCollector(browser, "standing-bidder", "Bea Bidder");
  await addFunds(bidder.page, 50);
  await gotoHydrated(bidder.page, `/auctions/cards/${catalogueId}`);
  // Checked in the browser with the shared schema first: the message beside its field.
  await bidder.page.getByRole("button", { name: "Place bid" }).click();
  await expect(bidder.page.getByLabel("Your bid")).toHaveAccessibleDescription("Enter your bid");
  await bidder.page.getByLabel("Your bid").fill("30.00");
  await bidder.page.getByLabel("Grader").selectOption(grader);
  await bidder.page.getByLabel("Minimum grade").selectOption("1");
  await bidder.page.getByRole("button", { name: "Place bid" }).click();
  await expect(bidder.page.getByText("Your bid is placed").first()).toBeVisible();

  // The owner's vault offers it on the slab...
  await gotoHydrated(owner.page, "/vault");
  await expect(tile.getByRole("button", { name: "Sell now for $30.00" })).toBeVisible();
  // ...and the card's page shows the ladder beside the listings, with the house's buyback.
  await gotoHydrated(owner.page, `/cards/${catalogueId}`);
  const ladder = owner.page.getByRole("region", { name: "Best bids" });
  await expect(
    ladder.getByRole("row", { name: new RegExp(`^${grader} 1\\+ \\$30\\.00 1$`) }),
  ).toBeVisible();
  await expect(ladder.getByRole("row", { name: /PackVault buyback/ })).toBeVisible();
  const mine = owner.page.getByRole("region", { name: "Your slabs of this card" });
  await mine.getByRole("button", { name: "Sell now for $30.00" }).click();
  // Decision 044: asked first, with what the owner receives after the fee.
  const question = owner.page.getByRole("alertdialog", { name: "Sell now for $30.00?" });
  await expect(question).toContainText("You receive $25.50 after the 15% fee.");
  await question.getByRole("button", { name: "Sell now", exact: true }).click();
  await expect(owner.page.getByText("Sold for $30.00").first()).toBeVisible();
  await expect(mine).toHaveCount(0);
  // The pack took the owner's $25; the sale paid $30.00 less the 15 % fee.
  await expectBalance(owner.page, "$25.50");
  // The slab is in the bidder's vault.
  expect(await vaultedCerts(bidder.page)).toContain(card.cert);
  await finishCollectors(owner, bidder);
});
