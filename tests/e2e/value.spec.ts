import { fmvCell } from "./helpers/card-page";
import { addFunds, expectBalance, newCollector, newCollectorWithPull } from "./helpers/collector";
import { createListingDialog, openListingPage, submitListing } from "./helpers/listing";
import { gotoHydrated } from "./helpers/session";
import { expect, test } from "./helpers/test";

// Two collectors sign up, one pulls and lists, the other buys: well over the default 30 s.
test.describe.configure({ timeout: 300_000 });

test("a marketplace sale shows on the card's chart and moves its value; the vault shows value, cost and gain", async ({
  browser,
}) => {
  const { collector: seller, card: pulled } = await newCollectorWithPull(
    browser,
    "value-seller",
    "Sam Seller",
    25,
  );

  // The vault: the pull cost the pack's price; the portfolio adds it up.
  await gotoHydrated(seller.page, "/vault");
  const tile = seller.page.getByRole("article").filter({ hasText: pulled.name }).first();
  await expect(tile.getByText("Paid")).toBeVisible();
  await expect(tile.getByText("$25.00")).toBeVisible();
  const portfolio = seller.page.getByRole("region", { name: "Portfolio" });
  const figures = portfolio.locator("dl > div > dd");
  await expect(figures.nth(1)).toHaveText("$25.00");
  const valueCents = Math.round(
    Number((await figures.nth(0).innerText()).replace(/[$,]/g, "")) * 100,
  );
  const gainCents = valueCents - 2_500;
  const gainText = `${gainCents > 0 ? "gain +" : gainCents < 0 ? "loss -" : "no change "}$${(Math.abs(gainCents) / 100).toFixed(2)}`;
  await expect(figures.nth(2)).toHaveText(gainText);
  // Its chart: a new collector's has today's point only (the snapshots add one a day), in the
  // table that stands in for the drawing; the range buttons switch the days it covers.
  await expect(portfolio.getByText(/first snapshot is taken tonight/)).toBeVisible();
  const days = portfolio.getByRole("table", { name: "Portfolio, last 30 days" });
  await expect(days.getByRole("row")).toHaveCount(2);
  await expect(days.getByRole("row").nth(1)).toContainText("$25.00");
  await portfolio.getByRole("button", { name: "90 days" }).click();
  await expect(portfolio.getByRole("button", { name: "90 days" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(portfolio.getByRole("table", { name: "Portfolio, last 90 days" })).toHaveCount(1);

  // The card's page, from the vault tile.
  const alt = await tile.getByRole("img").first().getAttribute("alt");
  const [, gradeText, grader] = /graded ([\d.]+) by (\w+)/.exec(alt ?? "")!;
  const grade = `${grader} ${Number(gradeText)}`;
  await tile.getByRole("link", { name: pulled.name }).click();
  await expect(seller.page).toHaveURL(/\/cards\/\d+$/);
  const cardUrl = new URL(seller.page.url()).pathname;
  await expect(seller.page.getByRole("heading", { name: pulled.name, level: 1 })).toBeVisible();
  const before = (await fmvCell(seller.page, grade).innerText()).trim();
  expect(before).not.toMatch(/^\$0\.00/);

  // Listing it: the dialog shows the FMV beside the price, and flags a price far above it.
  await gotoHydrated(seller.page, "/vault");
  await tile.getByRole("link", { name: "List on Market" }).click();
  const dialog = createListingDialog(seller.page);
  await expect(dialog.getByText("Fair market value")).toBeVisible();
  const title = `${pulled.name} ${pulled.cert}`;
  await dialog.getByLabel("Title").fill(title);
  const hasEstimate = !before.startsWith("No estimate yet");
  if (hasEstimate) {
    await dialog.getByLabel("Price (USD)").fill("99999");
    await expect(
      dialog.getByRole("status").filter({ hasText: /above the card's fair market value/ }),
    ).toBeVisible();
  } else {
    await expect(dialog.getByText("No estimate yet")).toBeVisible();
  }
  // A price just above the value: a sale the estimator counts (not an outlier).
  const fmvCents = hasEstimate
    ? Math.round(Number(/\$([\d,.]+)/.exec(before)![1]!.replace(/,/g, "")) * 100)
    : 3_000;
  const priceCents = Math.round(fmvCents * 1.1);
  const price = (priceCents / 100).toFixed(2);
  await dialog.getByLabel("Price (USD)").fill(price);
  await submitListing(seller.page, dialog);

  const buyer = await newCollector(browser, "value-buyer", "Bea Buyer");
  await addFunds(buyer.page, Math.ceil(priceCents / 100) + 1);
  await gotoHydrated(buyer.page, `/marketplace?q=${encodeURIComponent(title)}`);
  await openListingPage(buyer.page, title);
  await buyer.page.getByRole("button", { name: "Buy Now" }).click();
  await buyer.page.getByRole("alertdialog").getByRole("button", { name: /^Pay / }).click();
  await expect(buyer.page.getByText("Purchase complete!")).toBeVisible();

  // The sale is a comp: a point of the grade's chart (its table) and a recent sale; once the
  // recompute job has run, the grade's value moves (when the card had one).
  const formatted = `$${Number(price).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;
  // A grade valued from its own sales counts the new one once the job ran (its FMV cell says
  // "from N sales"); a grade valued from a neighbouring grade, or not at all, keeps its value
  // until it has three sales of its own (docs/product/value.md), so only the chart shows it.
  const direct = /from \d+ sales?/.test(before);
  await expect
    .poll(
      async () => {
        await gotoHydrated(buyer.page, cardUrl);
        return (await fmvCell(buyer.page, grade).innerText()).trim();
      },
      { timeout: 30_000 },
    )
    .not.toBe(direct ? before : "");
  await buyer.page.getByRole("button", { name: grade, exact: true }).click();
  const chartTable = buyer.page.getByRole("table", { name: `Sales of ${grade}` });
  await expect(chartTable.getByRole("row").filter({ hasText: formatted })).toHaveCount(1);
  await expect(chartTable.getByRole("row").filter({ hasText: formatted })).toContainText("Yes");
  await expect(
    buyer.page
      .getByTestId("comp-row")
      .filter({ hasText: formatted })
      .getByRole("link", { name: "PackVault" }),
  ).toBeVisible();

  // The buyer's vault: the card cost what they paid.
  await gotoHydrated(buyer.page, "/vault");
  const bought = buyer.page.getByRole("article").filter({ hasText: pulled.name }).first();
  // (Its value today may be that same price: the sale is now its grade's newest comp.)
  await expect(bought.locator("dl > div").filter({ hasText: /^Paid/ }).locator("dd")).toHaveText(
    formatted,
  );
  await expectBalance(
    buyer.page,
    `$${(Math.ceil(priceCents / 100) + 1 - priceCents / 100).toFixed(2)}`,
  );
  await seller.close();
  await buyer.close();
});
