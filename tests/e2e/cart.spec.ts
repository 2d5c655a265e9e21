import { type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./helpers/axe";
import { expect, test } from "./helpers/test";
import { fillCheckoutAddress } from "./helpers/address";
import { addToCart } from "./helpers/cart";
import { addFunds, expectBalance } from "./helpers/collector";
import {
  expectVisitorSentToAuth,
  gotoHydrated,
  signInAsAdmin,
  signUpUnverified,
  signUpVerified as signUpCollector,
  uniqueEmail,
} from "./helpers/session";

// Signs up, verifies through the outbox, shops and checks out: more than the default 30 s.
test.describe.configure({ timeout: 120_000 });

// Seeded catalogue (app/.server/setup/seed/catalog-data.ts): #3 has 60 in stock, #4 has 2.
const PIKACHU = { id: 3, name: "Pikachu Illustrator Reprint Display" };
const BLASTOISE = { id: 4, name: "Blastoise 1st Edition Shadowless" };

/** Waits until React has hydrated the page, so clicks reach React's handlers. */
/** A new collector through /auth, with the email verified through the link in /dev/outbox. */
const signUpVerified = (page: Page) => signUpCollector(page, { email: uniqueEmail("cart") });

/** The checkout form's shipping address. */
const ADDRESS = {
  fullName: "Cara Cart",
  street: "12 Elm Street",
  city: "Portland",
  state: "or",
  zip: "97201",
};

const line = (page: Page, name: string) =>
  page.getByRole("list", { name: "Cart items" }).getByRole("listitem", { name });
const quantity = (page: Page, name: string) =>
  page.getByLabel(`Quantity of ${name}`, { exact: true });

test("a visitor is sent from /cart to /auth", async ({ page }) => {
  await expectVisitorSentToAuth(page, "/cart");
});

test("a collector fills the cart, pays from the wallet with an address, and tracks the order an admin ships", async ({
  page,
  browser,
}) => {
  const email = await signUpVerified(page);
  await gotoHydrated(page, "/cart");
  await expect(
    page.getByText("Your cart is empty. Start adding items to build your collection!"),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Cart, 0 items" })).toBeVisible();

  await addToCart(page, PIKACHU);
  await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
  await addToCart(page, BLASTOISE);
  await page.getByRole("link", { name: "Cart, 2 items" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/cart");
  await expect(page.getByRole("heading", { level: 1, name: "Shopping Cart" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Minus is disabled at 1; plus stops at the stock (2 Blastoise left).
  await expect(
    line(page, PIKACHU.name).getByRole("button", { name: `Decrease quantity of ${PIKACHU.name}` }),
  ).toBeDisabled();
  await page.getByRole("button", { name: `Increase quantity of ${BLASTOISE.name}` }).click();
  await expect(quantity(page, BLASTOISE.name)).toHaveText("2");
  await expect(
    page.getByRole("button", { name: `Increase quantity of ${BLASTOISE.name}` }),
  ).toBeDisabled();
  await page.getByRole("button", { name: `Increase quantity of ${PIKACHU.name}` }).click();
  await expect(quantity(page, PIKACHU.name)).toHaveText("2");
  await page.getByRole("button", { name: `Decrease quantity of ${PIKACHU.name}` }).click();
  await expect(quantity(page, PIKACHU.name)).toHaveText("1");
  await expect(page.getByRole("link", { name: "Cart, 3 items" })).toBeVisible();

  await page.getByRole("button", { name: `Remove ${PIKACHU.name}` }).click();
  await expect(page.getByText("Removed from cart").first()).toBeVisible();
  await expect(line(page, PIKACHU.name)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Cart, 2 items" })).toBeVisible();

  // 2 x $3,200 with $0 in the wallet: refused, nothing created, a link to Add funds.
  const summary = page.getByRole("region", { name: "Order summary" });
  // The same shipping story as the product page: free to US addresses, nothing added.
  await expect(summary).toContainText("ShippingFree to US addresses");
  await expect(summary).toContainText("no tax is added");
  await expect(summary.getByRole("link", { name: "Add funds" })).toHaveAttribute(
    "href",
    "/wallet?redirectTo=%2Fcart",
  );
  await fillCheckoutAddress(page, ADDRESS);
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  const short = page.getByRole("alertdialog", { name: "Review your order" });
  await expect(short).toContainText("Wallet balance afterNot enough funds");
  await short.getByRole("button", { name: "Place order ($6,400.00)" }).click();
  await expect(page.getByText("Insufficient balance").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Cart, 2 items" })).toBeVisible();

  await addFunds(page, 7000);
  await gotoHydrated(page, "/cart");
  // A field the shared schema refuses shows its error beside it, not only in a toast.
  await fillCheckoutAddress(page, ADDRESS);
  const state = page.getByRole("form", { name: "Checkout" }).getByLabel("State");
  await state.fill("ZZ");
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  await expect(state).toHaveAttribute("aria-invalid", "true");
  const stateError = page.locator(`#${await state.getAttribute("aria-describedby")}`);
  await expect(stateError).toBeVisible();
  await expect(stateError).not.toBeEmpty();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await state.fill("OR");

  // 'Proceed to Checkout' opens the review: lines, address, shipping, total, what is debited.
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  const review = page.getByRole("alertdialog", { name: "Review your order" });
  await expect(review.getByRole("list", { name: "Order lines" })).toContainText(
    `${BLASTOISE.name} × 2$6,400.00`,
  );
  await expect(review).toContainText("Cara Cart");
  await expect(review).toContainText("Portland, OR 97201");
  await expect(review).toContainText("ShippingFree to US addresses");
  await expect(review).toContainText("Debited from your wallet$6,400.00");
  await expect(review).toContainText("Wallet balance after$600.00");
  await expectNoSeriousA11yViolations(page);
  // Going back places nothing; the second review places the order.
  await review.getByRole("button", { name: "Back to cart" }).click();
  await expect(review).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Cart, 2 items" })).toBeVisible();
  await expectBalance(page, "$7,000.00");
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  await review.getByRole("button", { name: "Place order ($6,400.00)" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/account");
  const toast = page.getByText(/^Order placed successfully! You earned \d+ reward points!$/);
  await expect(toast.first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Cart, 0 items" })).toBeVisible();
  await expectBalance(page, "$600.00");

  const orders = page.getByRole("list", { name: "Your orders" });
  await expect(orders.getByText(`${BLASTOISE.name} × 2`)).toBeVisible();
  const heading = await orders.getByRole("heading", { level: 3 }).first().textContent();
  const orderId = heading!.replace("Order ", "");
  await orders.getByRole("link", { name: `View details of order ${orderId}` }).click();
  await expect(page.getByRole("cell", { name: BLASTOISE.name })).toBeVisible();
  await expect(page.getByRole("link", { name: "All orders" })).toBeVisible();

  await expect(
    page.getByText("Ships to: Cara Cart, 12 Elm Street, Portland, OR 97201"),
  ).toBeVisible();

  // An admin ships it with a carrier and tracking number.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin);
  await gotoHydrated(admin, `/admin?${new URLSearchParams({ tab: "orders", q: email })}`);
  await admin.getByRole("button", { name: `Update order ${orderId}` }).click();
  const dialog = admin.getByRole("dialog", { name: `Update order ${orderId}` });
  await dialog.getByLabel("Status").selectOption("shipped");
  await dialog.getByLabel("Carrier").fill("UPS");
  await dialog.getByLabel("Tracking number").fill("1Z999AA10123456784");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(admin.getByText("Order updated successfully")).toBeVisible();
  await adminContext.close();

  await gotoHydrated(page, "/track-order");
  await page.getByLabel("Tracking number or order ID").fill("1Z999AA10123456784");
  await page.getByRole("button", { name: "Track Order" }).click();
  const status = page.getByRole("status").filter({ hasText: `Order ${orderId}` });
  await expect(status).toContainText("Shipped");
  await expect(status).toContainText("Tracking: UPS 1Z999AA10123456784");
  await expect(
    status.getByRole("list", { name: `Status history of order ${orderId}` }),
  ).toContainText("Pending");
  await expect(status.getByRole("cell", { name: BLASTOISE.name })).toBeVisible();
  await page.getByLabel("Tracking number or order ID").fill("999999");
  await page.getByRole("button", { name: "Track Order" }).click();
  await expect(page.getByText(/^No order found/)).toBeVisible();
});

test("an unverified collector's cart shows the verify notice at a readable width, on desktop and mobile", async ({
  page,
}) => {
  await signUpUnverified(page, { email: uniqueEmail("unverified-cart") });
  await addToCart(page, PIKACHU);
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await gotoHydrated(page, "/cart");
    const notice = page.getByRole("note", { name: "Email not verified" });
    await expect(notice).toContainText("Verify your email to check out.");
    const box = (await notice.getByText("Verify your email to check out.").boundingBox())!;
    // Squeezed beside its button it was one letter wide and 1,340 px tall.
    expect(box.width).toBeGreaterThan(200);
    expect((await notice.boundingBox())!.height).toBeLessThan(260);
    await expect(notice.getByRole("button", { name: "Resend verification email" })).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);
});
