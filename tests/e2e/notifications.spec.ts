import { randomBytes } from "node:crypto";
import { expectNoSeriousA11yViolations } from "./helpers/axe";
import { fillCheckoutAddress } from "./helpers/address";
import { addToCart } from "./helpers/cart";
import { addFunds } from "./helpers/collector";
import { watchPageErrors } from "./helpers/page-errors";
import {
  gotoHydrated,
  openOutboxMessage,
  signInAsAdmin,
  signUpVerified,
  uniqueEmail,
} from "./helpers/session";
import { expect, test } from "./helpers/test";

// Signs up, verifies, adds funds, checks out, then an admin ships: more than the default 30 s.
test.describe.configure({ timeout: 150_000 });

// Seeded catalogue (app/.server/setup/seed/catalog-data.ts): #3 costs $45 with 60 in stock.
const PIKACHU = { id: 3, name: "Pikachu Illustrator Reprint Display" };

test("a buyer's bell rises live when an admin ships the order, with the tracking number, and the mail is in the outbox", async ({
  page,
  browser,
  request,
}) => {
  const email = await signUpVerified(page, { email: uniqueEmail("bell") });
  await addFunds(page, 100);
  await addToCart(page, PIKACHU);
  await gotoHydrated(page, "/cart");
  await fillCheckoutAddress(page, {
    fullName: "Nia Notify",
    street: "3 Bell Lane",
    city: "Portland",
    state: "OR",
    zip: "97201",
  });
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  await page
    .getByRole("alertdialog", { name: "Review your order" })
    .getByRole("button", { name: /^Place order/ })
    .click();
  await expect(page).toHaveURL((url) => url.pathname === "/account");
  const heading = await page
    .getByRole("list", { name: "Your orders" })
    .getByRole("heading", { level: 3 })
    .first()
    .textContent();
  const orderId = heading!.replace(/^Order #?/, "");
  // Order placed (and any achievement the first order unlocked).
  const bell = page.getByRole("link", { name: /^Notifications, \d+ unread$/ });
  await expect(bell).not.toHaveAccessibleName("Notifications, 0 unread");
  const before = Number((await bell.getAttribute("aria-label"))!.match(/\d+/)![0]);

  // An admin ships it; the buyer's page is not reloaded.
  const tracking = `1Z${randomBytes(6).toString("hex").toUpperCase()}`;
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  watchPageErrors(admin);
  await signInAsAdmin(admin);
  await gotoHydrated(admin, `/admin?${new URLSearchParams({ tab: "orders", q: email })}`);
  await admin.getByRole("button", { name: `Update order #${orderId}` }).click();
  const dialog = admin.getByRole("dialog", { name: `Update order #${orderId}` });
  await dialog.getByLabel("Status").selectOption("shipped");
  await dialog.getByLabel("Carrier").fill("UPS");
  await dialog.getByLabel("Tracking number").fill(tracking);
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(admin.getByText("Order updated successfully")).toBeVisible();
  await adminContext.close();

  const after = `Notifications, ${before + 1} unread`;
  await expect(page.getByRole("link", { name: after })).toBeVisible({ timeout: 15_000 });
  await page.getByRole("link", { name: after }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/notifications");
  const list = page.getByRole("list", { name: "Notifications" });
  const shipped = list.getByRole("listitem").first();
  await expect(
    shipped.getByRole("heading", { name: `Order #${orderId} has shipped` }),
  ).toBeVisible();
  await expect(shipped).toContainText(`UPS, tracking number ${tracking}`);
  await expect(
    list.getByRole("listitem").filter({ hasText: `Order #${orderId} placed` }),
  ).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Mark all as read" }).click();
  await expect(page.getByRole("link", { name: "Notifications, 0 unread" })).toBeVisible();
  await expect(page.getByText("You're all caught up")).toBeVisible();

  const mail = await openOutboxMessage(page, email, `Order #${orderId} has shipped`);
  await expect(mail).toHaveCount(1);
  await expect(mail).toContainText(tracking);
  const footer = mail.getByRole("link", { name: /\/unsubscribe\?u=/ });
  await expect(footer).toBeVisible();

  // The mail client's one-click unsubscribe (RFC 8058): a POST without cookie or Origin, to the
  // List-Unsubscribe URL (the footer link's parameters on /unsubscribe/one-click).
  const link = new URL((await footer.getAttribute("href"))!);
  const oneClick = await request.post(`/unsubscribe/one-click${link.search}`, {
    form: { "List-Unsubscribe": "One-Click" },
  });
  expect(oneClick.status()).toBe(200);
  expect(await oneClick.text()).toBe("Unsubscribed");
  await gotoHydrated(page, "/account?tab=settings");
  await expect(page.getByRole("checkbox", { name: /^Order updates/ })).not.toBeChecked();
  await expect(page.getByRole("checkbox", { name: /^New arrivals and promotions/ })).toBeChecked();
});
