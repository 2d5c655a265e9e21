import { randomBytes } from "node:crypto";
import { adminRegion, adminTab, fillTiers, openAsAdmin } from "./helpers/admin";
import { expectNoSeriousA11yViolations } from "./helpers/axe";
import { addFunds, confirmPackOpening, newCollector, parseSlabAlt } from "./helpers/collector";
import { gotoHydrated } from "./helpers/session";
import { expect, test } from "./helpers/test";
import { toast } from "./helpers/toast";

// A pack composed from house stock by an admin, then opened by a new collector (sign-up, funds,
// the reveal; reduced motion, playwright.config.ts): well over the default 30 s.
test.describe.configure({ timeout: 180_000 });

test("an admin composes a pack's pool from house stock and puts it on sale; a collector pulls one of its slabs", async ({
  page,
  browser,
}) => {
  const name = `Pool Pack ${randomBytes(3).toString("hex")}`;
  await openAsAdmin(page, "/admin?tab=packs");

  // A $50 Comics pack, commons only: the seeded house stock holds Comics slabs in its band.
  await page.getByRole("button", { name: "New pack" }).click();
  const create = page.getByRole("dialog", { name: "New pack" });
  await create.getByLabel("Name", { exact: true }).fill(name);
  await create.getByLabel("Category").selectOption("Comics");
  await create.getByLabel("Price (USD)").fill("50");
  await fillTiers(create, "odds", ["100", "0", "0", "0"]);
  await fillTiers(create, "names", ["Sidekick", "Sidekick", "Sidekick", "Sidekick"]);
  await expect(create.getByLabel("Active (shown in the shop and can be opened)")).not.toBeChecked();
  await create.getByRole("button", { name: "Create pack" }).click();
  await expect(toast(page, "Pack created successfully")).toBeVisible();

  await gotoHydrated(page, adminTab("packs", name));
  await page.getByRole("link", { name: `Pool of pack ${name}` }).click();
  await expect(
    page.getByText(/^Not ready for sale: the common tier has odds above 0/),
  ).toBeVisible();
  const stock = page.getByRole("form", { name: `Add house-stock slabs to the pool of ${name}` });
  const boxes = stock.getByRole("checkbox", { name: /^Add slab (PSA|BGS|CGC|SGC) \d+$/ });
  const offered = await boxes.count();
  expect(offered).toBeGreaterThan(0);
  for (let i = 0; i < offered; i++) await boxes.nth(i).check();
  await expectNoSeriousA11yViolations(page);
  await stock.getByRole("button", { name: "Add selected to pool" }).click();
  await expect(toast(page, "Slabs added to the pool successfully")).toBeVisible();
  const inPool = page.getByRole("form", { name: `Return slabs of ${name} to house stock` });
  await expect(inPool.getByRole("checkbox")).toHaveCount(offered);
  const certs = (
    await inPool
      .getByRole("checkbox")
      .evaluateAll((boxes) => boxes.map((box) => box.getAttribute("aria-label") ?? ""))
  ).map((label) => label.replace(/^Return slab \w+ /, ""));
  // The return to player from the slabs' real FMVs, under 100 %.
  await expect(page.getByRole("term").filter({ hasText: /^Return to player$/ })).toBeVisible();

  // On sale: the pack form shows the pool's size as the packs available (read-only).
  const row = adminRegion(page, "Packs").getByRole("row", {
    name: new RegExp(name),
  });
  await row.getByRole("button", { name: `Edit pack ${name}` }).click();
  const edit = page.getByRole("dialog", { name: `Edit ${name}` });
  await expect(edit.getByLabel("Packs available")).toHaveValue(String(offered));
  await edit.getByLabel("Active (shown in the shop and can be opened)").check();
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, "Pack updated successfully")).toBeVisible();
  const packId = /#(\d+)/.exec((await row.textContent()) ?? "")?.[1];
  expect(packId).toBeTruthy();

  const collector = await newCollector(browser, "pool-opener", "Pool Opener");
  try {
    await addFunds(collector.page, 100);
    await gotoHydrated(collector.page, `/pack/${packId}`);
    await expect(
      collector.page.getByText(`${offered} ${offered === 1 ? "pack" : "packs"} available`),
    ).toBeVisible();
    await collector.page.getByRole("button", { name: "Open Pack Now" }).click();
    await confirmPackOpening(collector.page);
    await expect(collector.page.getByText(/^You pulled an? \w+ card!$/).first()).toBeVisible({
      timeout: 15_000,
    });
    const slab = collector.page
      .getByRole("dialog")
      .getByRole("img", { name: /, graded [\d.]+ by (?:PSA|BGS|CGC|SGC), cert \d+$/ });
    const pulled = parseSlabAlt((await slab.first().getAttribute("alt")) ?? "");
    expect(certs).toContain(pulled.cert);
    expect(collector.problems).toEqual([]);
  } finally {
    await collector.close();
  }
});
