import type { Browser } from "@playwright/test";
import { formatInstant } from "../../app/lib/time";
import { adminRegion, auditRow, openAsAdmin } from "./helpers/admin";
import { expectNoSeriousA11yViolations } from "./helpers/axe";
import { watchPageErrors } from "./helpers/collector";
import { gotoHydrated, signUpUnverified, signInThroughUi, uniqueEmail } from "./helpers/session";
import { expect, test } from "./helpers/test";
import { describeInTokyo, expectShownInTokyo } from "./helpers/time-zone";

/** docs/product/administration.md: the tabs of /admin, as their links are named, with their `?tab=`. */
const TABS = [
  ["Overview", "overview"],
  ["Users", "users"],
  ["Fraud", "fraud"],
  ["Cards", "cards"],
  ["Listings", "listings"],
  ["Transactions", "transactions"],
  ["Packs", "packs"],
  ["Redemptions", "redemptions"],
  ["Submissions", "submissions"],
  ["Audit", "audit"],
] as const;

/** A collector signed up in a browser context of their own; returns their page and email. */
async function newCollector(browser: Browser, label: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems = watchPageErrors(page);
  const email = await signUpUnverified(page, { email: uniqueEmail(label), fullName: "Blocked Bo" });
  return { page, email, problems, close: () => context.close() };
}

test("an admin blocks an email: that user is signed out and then gets 'Access Denied'", async ({
  page,
  browser,
}) => {
  // Two people, five sign-ins and four admin pages: 32 s on CI's two busy workers (each step
  // 1-3 s), over the default 30 s.
  test.setTimeout(90_000);
  const bo = await newCollector(browser, "blocked");
  await openAsAdmin(page, "/admin?tab=fraud");
  const form = page.getByRole("form", { name: "Block an email or IP address" });
  await form.getByLabel("Type").selectOption("email");
  await form.getByLabel("Email").fill(bo.email);
  await form.getByLabel("Reason").fill("Chargeback fraud");
  await form.getByRole("button", { name: "Block" }).click();
  await expect(page.getByText("Entity blocked successfully")).toBeVisible();
  const blocked = adminRegion(page, "Blocked entities");
  await expect(blocked.getByRole("row", { name: new RegExp(bo.email) })).toContainText("Permanent");

  // Their session ended: the next page they load is a visitor's.
  await gotoHydrated(bo.page, "/account");
  await expect(bo.page).toHaveURL((url) => url.pathname === "/auth");
  await signInThroughUi(bo.page, bo.email);
  await expect(bo.page.getByText("Access Denied")).toBeVisible();
  await expect(bo.page.getByText("Chargeback fraud").first()).toBeVisible();
  await expect(bo.page).toHaveURL((url) => url.pathname === "/auth");

  // The change is in the audit log.
  await expect(await auditRow(page, /block\.create/)).toContainText(bo.email);

  // Unblocking asks first and says it cannot be undone; then they may sign in again.
  await gotoHydrated(page, "/admin?tab=fraud");
  await page.getByRole("button", { name: `Unblock ${bo.email}` }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("This action cannot be undone.");
  await dialog.getByRole("button", { name: "Unblock" }).click();
  await expect(page.getByText("Entity unblocked successfully")).toBeVisible();
  await expect(dialog).toBeHidden();
  await signInThroughUi(bo.page, bo.email);
  await expect(bo.page).toHaveURL((url) => url.pathname === "/");
  expect(bo.problems).toEqual([]);
  await bo.close();
});

test("a past block-until date is refused with the spec's error title", async ({ page }) => {
  await openAsAdmin(page, "/admin?tab=fraud");
  const form = page.getByRole("form", { name: "Block an email or IP address" });
  await form.getByLabel("Type").selectOption("ip");
  await form.getByLabel("IP address").fill("203.0.113.250");
  await form.getByLabel("Reason").fill("Card testing");
  // The browser's own min= check is bypassed, as a hand-made request would.
  await form.getByLabel("Block until (optional)").evaluate((input) => input.removeAttribute("min"));
  await form.getByLabel("Block until (optional)").fill("2020-01-01");
  await form.getByRole("button", { name: "Block" }).click();
  await expect(page.getByText("Error blocking entity")).toBeVisible();
  // The server's refusal belongs to the date: shown beside it, the toast keeps the title only.
  const until = form.getByLabel("Block until (optional)");
  await expect(until).toHaveAttribute("aria-invalid", "true");
  await expect(until).toHaveAccessibleDescription(/Block until must be a date in the future$/);
  await expect(
    page.getByText("Block until must be a date in the future", { exact: true }),
  ).toHaveCount(1);
});

test("an admin edits a user's name and role from the Users tab", async ({ page, browser }) => {
  const ann = await newCollector(browser, "edited");
  await openAsAdmin(page, `/admin?tab=users&q=${encodeURIComponent(ann.email)}`);
  await expect(page.getByRole("heading", { name: "Users (1)" })).toBeVisible();
  await page.getByRole("button", { name: `Edit user ${ann.email}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit user" });
  await dialog.getByLabel("Full Name").fill("Ann Moderator");
  await dialog.getByLabel("Role").selectOption("moderator");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("User updated successfully")).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page
    .getByRole("region", { name: "Users", exact: true })
    .getByRole("row", { name: /Ann Moderator/ });
  await expect(row).toContainText("Moderator");

  // As a moderator now, Ann sees the page read-only.
  await gotoHydrated(ann.page, "/admin?tab=users");
  await expect(ann.page.getByText("Read-only: only admins edit or delete users.")).toBeVisible();
  await expect(ann.page.getByRole("button", { name: /^Edit user/ })).toHaveCount(0);
  expect(ann.problems).toEqual([]);
  await ann.close();
});

test("a visitor is sent to /auth and a collector to / from /admin", async ({ page, browser }) => {
  await page.goto("/admin?tab=users");
  await expect(page).toHaveURL(
    (url) => url.pathname === "/auth" && url.searchParams.get("redirectTo") === "/admin?tab=users",
  );
  const cy = await newCollector(browser, "plain");
  await cy.page.goto("/admin");
  await expect(cy.page).toHaveURL((url) => url.pathname === "/");
  await cy.close();
});

test("every tab loads from its link and passes axe", async ({ page }) => {
  // Ten pages, each checked by axe (2-9 s apiece on CI's two busy workers).
  test.setTimeout(180_000);
  await openAsAdmin(page, "/admin");
  const nav = page.getByRole("navigation", { name: "Admin sections" });
  for (const [label, tab] of TABS) {
    await nav.getByRole("link", { name: label, exact: true }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get("tab") === tab);
    await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }
});

test("the tabs scroll sideways at 360 px without widening the page", async ({ page }) => {
  await openAsAdmin(page, "/admin?tab=audit", { width: 360, height: 780 });
  const nav = page.getByRole("navigation", { name: "Admin sections" });
  await expect(nav.getByRole("link", { name: "Audit", exact: true })).toBeInViewport();
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
  await expectNoSeriousA11yViolations(page);
});

test("at 1280 px every pack row's Edit and Delete are in view, pinned to the table's edge", async ({
  page,
}) => {
  await openAsAdmin(page, "/admin?tab=packs", { width: 1280, height: 800 });
  const table = adminRegion(page, "Packs");
  const region = (await table.boundingBox())!;
  const deletes = table.getByRole("button", { name: /^Delete pack / });
  expect(await deletes.count()).toBeGreaterThan(0);
  for (const button of [
    deletes.first(),
    deletes.last(),
    table.getByRole("button", { name: /^Edit pack / }).first(),
  ]) {
    await button.scrollIntoViewIfNeeded();
    const box = (await button.boundingBox())!;
    // Clipped, the column started past the region's right edge.
    expect(box.x + box.width).toBeLessThanOrEqual(region.x + region.width);
    await expect(button).toBeInViewport({ ratio: 1 });
  }
  await expectNoSeriousA11yViolations(page);
});

test("at 1280 px every pack's odds show in full, none under the pinned actions", async ({
  page,
}) => {
  await openAsAdmin(page, "/admin?tab=packs", { width: 1280, height: 800 });
  const table = adminRegion(page, "Packs");
  // The table fits: nothing hides to the right of the region with no sign that it scrolls.
  const overflow = await table.evaluate((region) => region.scrollWidth - region.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const badges = table.locator("[data-rarity]");
  expect(await badges.count()).toBeGreaterThanOrEqual(4);
  // What is drawn at each badge's right end is the badge (in two columns the pinned Actions
  // column covered the second one).
  const covered = await badges.evaluateAll(
    (all) =>
      all.filter((badge) => {
        // Only the page scrolls (down to the badge), never the table sideways.
        const top = badge.getBoundingClientRect().top;
        window.scrollTo(0, window.scrollY + top - window.innerHeight / 2);
        const box = badge.getBoundingClientRect();
        const drawn = document.elementFromPoint(box.right - 2, box.top + box.height / 2);
        return !drawn || !badge.contains(drawn);
      }).length,
  );
  expect(covered).toBe(0);
});

test("at 1280 px a table wider than its region says it scrolls sideways, until scrolled to the end", async ({
  page,
}) => {
  // The demo collectors' sales (seeded on a new database) fill Transactions: nine columns.
  await openAsAdmin(page, "/admin?tab=transactions", { width: 1280, height: 800 });
  const table = adminRegion(page, "Transactions");
  const hint = page.getByText("Scroll sideways for more columns");
  const overflow = await table.evaluate((region) => region.scrollWidth - region.clientWidth);
  // Without the hint the Status column was cut at the region's edge with nothing to say so.
  expect(overflow).toBeGreaterThan(0);
  await expect(hint).toBeVisible();
  await table.evaluate((region) => region.scrollTo({ left: region.scrollWidth }));
  await expect(hint).toHaveCount(0);
  await expect(table.getByRole("columnheader", { name: "Status" })).toBeInViewport({ ratio: 1 });
  await expectNoSeriousA11yViolations(page);

  // Another table shows the hint exactly when it overflows. Users is checked against its own
  // width: whether it fits depends on the accounts other specs have made (long e-mail addresses).
  await gotoHydrated(page, "/admin?tab=users");
  const users = adminRegion(page, "Users");
  await expect(users).toBeVisible();
  const usersOverflow = await users.evaluate((region) => region.scrollWidth - region.clientWidth);
  await expect(hint).toHaveCount(usersOverflow > 0 ? 1 : 0);
});

test("the overview ends at the footer: the charts' hidden data tables add no blank space", async ({
  page,
}) => {
  await openAsAdmin(page, "/admin", { width: 1280, height: 800 });
  await expect(page.getByRole("table", { name: "Pack openings, per day" })).toBeAttached();
  const gap = await page.evaluate(() => {
    const footer = document.querySelector("footer")!.getBoundingClientRect().bottom + scrollY;
    return document.documentElement.scrollHeight - footer;
  });
  // The sr-only tables (a table ignores sr-only's 1 px height) left 300 px under the footer.
  expect(gap).toBeLessThanOrEqual(1);
});

test("on a phone each pack row's name shows; the row actions are not pinned over it", async ({
  page,
}) => {
  await openAsAdmin(page, "/admin?tab=packs", { width: 390, height: 844 });
  const table = adminRegion(page, "Packs");
  const first = table.getByRole("row").nth(1).getByRole("cell").first();
  const name = (await first.innerText()).split("\n")[0]!;
  expect(name.length).toBeGreaterThan(2);
  // The name's own line (the cell also holds the category and the Active badge).
  const box = (await first.locator("span").first().locator("span").first().boundingBox())!;
  // What is drawn a little inside the cell's left edge: the name, not the pinned Edit button
  // (at 390 px the pinned actions were as wide as the table and hid every name).
  const drawn = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x!, y!)?.textContent ?? "",
    [box.x + 24, box.y + box.height / 2],
  );
  expect(drawn).toContain(name.slice(0, 3));
  await expectNoSeriousA11yViolations(page);
});

describeInTokyo(() => {
  test("admin times are sent in UTC and shown in the browser's zone once hydrated", async ({
    page,
  }) => {
    // The demo collectors' pulls (seeded on a new database) each have a time.
    await openAsAdmin(page, "/admin?tab=cards");
    const time = page.getByRole("main").locator("table time").first();
    const at = await expectShownInTokyo(time);
    // The server's page wrote it in UTC (before, /admin showed UTC to everyone).
    const html = await (await page.request.get("/admin?tab=cards")).text();
    expect(html).toContain(formatInstant(at, { timeZone: "UTC" }));
  });
});
