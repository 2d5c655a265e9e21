import { randomInt } from "node:crypto";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expectNoSeriousA11yViolations } from "./helpers/axe";
import { addFunds, newCollector, openPackAndKeep } from "./helpers/collector";
import { gotoHydrated, signInAsAdmin } from "./helpers/session";
import { expect, test } from "./helpers/test";

// The admin's Inventory tab (docs/design.md "Inventory (real slabs)"): a CSV dry run then apply, a
// slab taken in by form with photos, and a collector's pulled slab with its grader and cert.
test.describe.configure({ timeout: 180_000 });

/** A cert no other test or run uses (8 digits). */
const freshCert = () => String(randomInt(20_000_000, 99_999_999));

/** A toast (sonner) with `title`. */
const toast = (page: Page, title: string | RegExp) =>
  page.locator("[data-sonner-toast]").filter({ hasText: title }).first();

test("an admin checks a CSV with a dry run, then imports it: bad lines are refused, good ones land in intake", async ({
  page,
}) => {
  const [good1, good2] = [freshCert(), freshCert()];
  const bin = `E2E-${good1}`;
  // Card 1 of the seeded catalogue; $20.00 fits the $25 starter pack's common tier.
  const csv = [
    "grader,cert,card,grade,cost,fmv,bin",
    `PSA,${good1},1,9,12.00,20.00,${bin}`,
    `XYZ,${freshCert()},1,9,12.00,20.00,${bin}`,
    `CGC,${good2},1,9.5,13.00,21.00,${bin}`,
  ].join("\n");
  await signInAsAdmin(page);
  await gotoHydrated(page, "/admin?tab=inventory");
  await expect(page.getByRole("heading", { level: 2, name: "Operator view" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: /^Slabs \([\d,]+\)$/ })).toBeVisible();
  await page.getByRole("link", { name: "Import slabs from CSV" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Import slabs" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel("Or paste it").fill(csv);
  await page.getByRole("button", { name: "Dry run" }).click();
  await expect(page.getByRole("heading", { name: "Dry run: nothing was written" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "would be added" })).toHaveText(
    /2 slabs would be added in intake, 0 are already in the inventory \(unchanged\), 1 line is refused/,
  );
  const report = page.getByRole("table", { name: "What the import would do" });
  await expect(report.getByRole("row", { name: /^3 Refused unknown grader "XYZ"/ })).toBeVisible();
  await expect(report.getByRole("row", { name: `2 Add PSA ${good1}` })).toBeVisible();

  // Nothing was written by the dry run (the inventory, in another tab).
  const list = await page.context().newPage();
  await gotoHydrated(list, `/admin?tab=inventory&bin=${bin}`);
  await expect(list.getByRole("heading", { level: 2, name: "Slabs (0)" })).toBeVisible();
  await list.close();

  await page.getByRole("button", { name: "Import 2 slabs" }).click();
  await expect(page.getByRole("heading", { name: "Import done" })).toBeVisible();
  await expect(toast(page, "Slabs imported successfully")).toBeVisible();

  // Importing the same file again adds nothing: both lines are already present.
  await page.getByRole("button", { name: "Dry run" }).click();
  await expect(page.getByRole("status").filter({ hasText: "would be added" })).toHaveText(
    /0 slabs would be added in intake, 2 are already in the inventory/,
  );

  await gotoHydrated(page, `/admin?tab=inventory&bin=${bin}`);
  await expect(page.getByRole("heading", { level: 2, name: "Slabs (2)" })).toBeVisible();
  const slabs = page.getByRole("table", { name: "Slabs" });
  await expect(
    slabs.getByRole("link", { name: `Cert ${good1}: verify with PSA (opens the grader's site)` }),
  ).toHaveAttribute("href", `https://www.psacard.com/cert/${good1}`);
  await slabs.getByRole("link", { name: `Details of PSA ${good1}` }).click();
  await expect(
    page.getByRole("heading", { level: 2, name: new RegExp(`PSA ${good1}$`) }),
  ).toBeVisible();
  await expect(page.getByText("Taken in: Intake")).toBeVisible();
  await page.getByRole("button", { name: "Received and checked" }).click();
  await expect(toast(page, "Slab received successfully")).toBeVisible();
  await expect(page.getByText("Intake → House stock")).toBeVisible();

  // Write-off asks for a reason, which the history keeps.
  await page.getByRole("button", { name: "Write off" }).click();
  const dialog = page.getByRole("dialog", { name: `Write off PSA ${good1}?` });
  await dialog.getByLabel("Reason").fill("Corner crack found at check-in");
  await dialog.getByRole("button", { name: "Write off" }).click();
  await expect(toast(page, "Slab written off successfully")).toBeVisible();
  await expect(page.getByText("House stock → Written off")).toBeVisible();
  await expect(page.getByText("Reason: Corner crack found at check-in")).toBeVisible();
});

test("an admin adds a slab with front and back photos; its detail shows both", async ({ page }) => {
  const cert = freshCert();
  const photo = (background: string) =>
    sharp({ create: { width: 600, height: 900, channels: 3, background } })
      .png()
      .toBuffer();
  await signInAsAdmin(page);
  await gotoHydrated(page, "/admin?tab=inventory");
  await page.getByRole("button", { name: "Add a slab" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a slab" });
  await dialog.getByLabel("Card", { exact: true }).selectOption({ index: 1 });
  await dialog.getByLabel("Grader", { exact: true }).selectOption("PSA");
  await dialog.getByLabel("Cert number", { exact: true }).fill(cert);
  await dialog.getByLabel("Grade", { exact: true }).fill("9.5");
  await dialog.getByLabel("Bin", { exact: true }).fill(`E2E-${cert}`);
  await dialog.getByLabel("Cost ($)", { exact: true }).fill("10.00");
  await dialog.getByLabel("FMV ($)", { exact: true }).fill("20.00");
  const files = [
    { name: "front.png", mimeType: "image/png", buffer: await photo("#b03a2e") },
    { name: "back.png", mimeType: "image/png", buffer: await photo("#2e86c1") },
  ];
  await dialog.getByLabel("Front photo", { exact: true }).setInputFiles(files[0]!);
  await dialog.getByLabel("Back photo", { exact: true }).setInputFiles(files[1]!);
  // PSA grades in whole numbers: refused with the CSV's message, nothing added.
  await dialog.getByRole("button", { name: "Add slab" }).click();
  await expect(dialog.getByText(/Grade "9.5" is outside PSA's scale/)).toBeVisible();
  await dialog.getByLabel("Grade", { exact: true }).fill("9");
  await dialog.getByRole("button", { name: "Add slab" }).click();
  await expect(toast(page, "Slab added successfully")).toBeVisible();

  await gotoHydrated(page, `/admin?tab=inventory&q=${cert}`);
  await page.getByRole("link", { name: `Details of PSA ${cert}` }).click();
  for (const side of ["front", "back"]) {
    const image = page.getByRole("img", {
      name: new RegExp(`${side} of the PSA slab, cert ${cert}$`),
    });
    await expect(image).toBeVisible();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
  }
});

test("a collector sees the grader and cert of the slab they pulled, linking to the grader", async ({
  browser,
}) => {
  const collector = await newCollector(browser, "inventory", "Ivy Inventory");
  const { page } = collector;
  await addFunds(page, 25);
  const card = await openPackAndKeep(page);
  const tile = page
    .getByRole("article")
    .filter({ has: page.getByRole("img", { name: new RegExp(`, cert ${card.cert}$`) }) });
  const link = tile.getByRole("link", {
    name: new RegExp(`^Cert ${card.cert}: verify with (PSA|BGS|CGC|SGC)`),
  });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute("href", new RegExp(`${card.cert}`));
  await expect(link).toHaveAttribute("target", "_blank");
  await collector.close();
});
