import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./helpers/axe";
import { requestShipment } from "./helpers/address";
import { openAdminSearch } from "./helpers/admin";
import { newCollector, newCollectorWithPull, vaultTile } from "./helpers/collector";
import { gotoHydrated, signInAsAdmin } from "./helpers/session";
import { expect, test } from "./helpers/test";
import { toast } from "./helpers/toast";

// A redemption ships the slab (docs/product/vault.md, redemption; docs/design.md "Inventory (real
// slabs)"): the collector redeems a pulled slab, staff print its packing slip and ship it with a
// tracking number, and the collector finds the slab's cert on /track-order.
test.describe.configure({ timeout: 180_000 });

/** The link of a slab's cert to its grader's verification page. */
const certLink = (page: Page, cert: string) =>
  page.getByRole("link", { name: new RegExp(`^Cert ${cert}: verify with (PSA|BGS|CGC|SGC)`) });

test("a collector redeems a slab, staff print its packing slip and ship it, the collector finds its cert on the tracking page", async ({
  page,
  browser,
}) => {
  const tracking = `1Z${randomBytes(6).toString("hex").toUpperCase()}`;
  const { collector: owner, card } = await newCollectorWithPull(
    browser,
    "redeemer",
    "Rory Redeemer",
    25,
  );

  // The collector redeems the slab from /vault; the redemption shows its reference and cert.
  await vaultTile(owner.page, card).getByRole("button", { name: "Redeem" }).click();
  await requestShipment(owner.page, {
    fullName: "Rory Redeemer",
    street: "7 Harbor Lane",
    city: "Portland",
    state: "ME",
    zip: "04101",
  });
  await expect(owner.page.getByText(/^Redemption requested!/).first()).toBeVisible();
  const mine = owner.page
    .getByRole("list", { name: "Your Redemptions" })
    .getByRole("listitem")
    .filter({ has: certLink(owner.page, card.cert) });
  await expect(mine).toContainText("Pending");
  const reference = (await mine.getByText(/^Redemption R-\d+$/).textContent())!.replace(
    "Redemption ",
    "",
  );

  // Staff find it by the cert and open its packing slip.
  await signInAsAdmin(page);
  await openAdminSearch(page, "redemptions", card.cert, "Redemptions");
  await page.getByRole("link", { name: new RegExp(`^Packing slip of ${card.name} for `) }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: `Packing slip ${reference}` }),
  ).toBeVisible();
  const item = page.getByRole("region", { name: "Item" });
  await expect(item).toContainText(card.name);
  await expect(item).toContainText(card.cert);
  await expect(item).toContainText(/Grade\d+(\.\d)?/);
  await expect(item).toContainText(/Bin\S+/);
  await expect(item.getByRole("link", { name: /^Verify with (PSA|BGS|CGC|SGC)$/ })).toHaveAttribute(
    "href",
    new RegExp(card.cert),
  );
  await expect(page.getByRole("region", { name: "Ship to" })).toContainText(
    "Rory Redeemer7 Harbor LanePortland, ME 04101USA",
  );
  await expect(page.getByRole("button", { name: "Print" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // Printed, the page is the slip alone: no header, sidebar, footer or buttons.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("banner")).toBeHidden();
  await expect(page.getByRole("contentinfo")).toBeHidden();
  await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
  await expect(item).toContainText(card.cert);
  await page.emulateMedia({ media: "screen" });

  // Back on the tab, the admin ships it with a tracking number.
  await page.getByRole("link", { name: "Back to the redemptions" }).click();
  await page
    .getByRole("button", { name: new RegExp(`^Update redemption of ${card.name} for `) })
    .click();
  const dialog = page.getByRole("dialog", { name: "Update redemption" });
  await dialog.getByLabel("Status").selectOption("shipped");
  await dialog.getByLabel("Tracking number").fill(tracking);
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, "Redemption updated successfully")).toBeVisible();

  // The collector tracks it by the tracking number, and by its reference.
  for (const query of [tracking, reference]) {
    await gotoHydrated(owner.page, "/track-order");
    await owner.page.getByLabel("Tracking number or order ID").fill(query);
    await owner.page.getByRole("button", { name: "Track Order" }).click();
    const found = owner.page.getByRole("status");
    await expect(found.getByRole("heading", { level: 2 })).toContainText(card.name);
    await expect(found).toContainText(`Redemption ${reference}`);
    await expect(found).toContainText("Shipped");
    await expect(found).toContainText(tracking);
    await expect(certLink(owner.page, card.cert)).toHaveAttribute("href", new RegExp(card.cert));
  }
  await expectNoSeriousA11yViolations(owner.page);

  // Another collector finds nothing by the same tracking number.
  const other = await newCollector(browser, "stranger", "Sam Stranger");
  await gotoHydrated(other.page, `/track-order?q=${tracking}`);
  await expect(other.page.getByRole("status")).toContainText("No order found");
  await expect(certLink(other.page, card.cert)).toHaveCount(0);
  expect(owner.problems).toEqual([]);
  await other.close();
  await owner.close();
});
