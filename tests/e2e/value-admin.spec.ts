import { fmvCell } from "./helpers/card-page";
import { gotoHydrated, signInAsAdmin } from "./helpers/session";
import { expect, test } from "./helpers/test";

// Staff's value screens (docs/product/value.md "Imported comps", "Excluded comps"): an import of
// outside sales moves a card's FMV and chart; an excluded sale stops counting and says why.
test.describe.configure({ timeout: 180_000 });

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

test("staff import sales: the card's FMV and chart move; an excluded sale stops counting and says why", async ({
  page,
}) => {
  await signInAsAdmin(page);
  // Card 1 has no SGC 2.5 sale in the seeded history: that grade starts with no value.
  const grade = "SGC 2.5";
  const source = `E2E House ${Date.now() % 100_000}`;
  await gotoHydrated(page, "/cards/1");
  await expect(fmvCell(page, grade)).toHaveCount(0);

  await gotoHydrated(page, "/admin?tab=inventory");
  await page.getByRole("link", { name: "Import sales (comps)" }).click();
  await expect(page.getByRole("heading", { name: "Import sales", level: 1 })).toBeVisible();
  const rows = [
    ...[1, 2, 3].map((d) => `1,SGC,2.5,40.00,${daysAgo(d)},${source},`),
    `1,SGC,2.5,60.00,${daysAgo(0)},${source},`,
  ];
  const text = page.getByLabel("Or paste it");
  // A bad line first: refused with its line and reason, nothing offered to import.
  await text.fill(
    [
      "card,grader,grade,price,date,source,url",
      ...rows,
      `1,SGC,2.5,0,${daysAgo(1)},${source},`,
    ].join("\n"),
  );
  await page.getByRole("button", { name: "Dry run" }).click();
  await expect(page.getByRole("heading", { name: "Refused: nothing was written" })).toBeVisible();
  await expect(
    page.getByRole("row").filter({ hasText: "must be a positive amount" }),
  ).toContainText("6");
  await expect(page.getByRole("button", { name: /^Import \d+ sales?$/ })).toHaveCount(0);

  await page
    .getByLabel("Or paste it")
    .fill(["card,grader,grade,price,date,source,url", ...rows].join("\n"));
  await page.getByRole("button", { name: "Dry run" }).click();
  await expect(page.getByRole("heading", { name: "Dry run: nothing was written" })).toBeVisible();
  await page.getByRole("button", { name: "Import 4 sales" }).click();
  await expect(page.getByRole("heading", { name: "Import done" })).toBeVisible();
  await expect(page.getByText("Sales imported successfully")).toBeVisible();

  // Once the recompute job has run, the grade has a value and the chart four points.
  await expect
    .poll(
      async () => {
        await gotoHydrated(page, "/cards/1");
        return fmvCell(page, grade).count();
      },
      { timeout: 30_000 },
    )
    .toBe(1);
  const imported = (await fmvCell(page, grade).innerText()).trim();
  expect(imported).toMatch(/^\$4\d\.\d\d/);
  await page.getByRole("button", { name: grade, exact: true }).click();
  const chartTable = page.getByRole("table", { name: `Sales of ${grade}` });
  await expect(chartTable.getByRole("row").filter({ hasText: "$40.00" })).toHaveCount(3);
  await expect(chartTable.getByRole("row").filter({ hasText: "$60.00" })).toHaveCount(1);
  await expect(page.getByText(/^4 sales\. FMV/)).toBeVisible();
  // The drawing's legend names only the series it has: no "Excluded" before an exclusion.
  const legend = page.getByTestId("price-chart").locator(".recharts-legend-item-text");
  await expect(legend).toHaveText(["Sales"]);

  // Excluding the $60 sale: asked first, then it stops counting and says why.
  const sale = page
    .getByTestId("comp-row")
    .filter({ hasText: source })
    .filter({ hasText: "$60.00" });
  await sale.getByRole("button", { name: "Exclude this sale" }).click();
  await sale.getByPlaceholder(/Why it should not count/).fill("Shill sale: seller's own account");
  await sale.getByRole("button", { name: "Exclude", exact: true }).click();
  const question = page.getByRole("alertdialog", { name: "Exclude this sale?" });
  await expect(question).toContainText("Reason: Shill sale: seller's own account");
  await question.getByRole("button", { name: "Exclude sale" }).click();
  await expect(page.getByText("Sale excluded")).toBeVisible();
  await expect(sale.getByText("Not counted: Shill sale: seller's own account")).toBeVisible();
  await expect
    .poll(
      async () => {
        await gotoHydrated(page, "/cards/1");
        return (await fmvCell(page, grade).innerText()).trim();
      },
      { timeout: 30_000 },
    )
    .toMatch(/^\$40\.00/);
  await page.getByRole("button", { name: grade, exact: true }).click();
  await expect(page.getByText(/^3 sales, 1 excluded\. FMV/)).toBeVisible();
  await expect(chartTable.getByRole("row").filter({ hasText: "$60.00" })).toContainText(
    "Excluded: Shill sale: seller's own account",
  );
  // (recharts orders its legend itself: the names, not their order, are the behaviour.)
  await expect(legend).toHaveCount(2);
  await expect(legend.filter({ hasText: /^Excluded$/ })).toHaveCount(1);
});
