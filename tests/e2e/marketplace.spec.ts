import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./helpers/axe";
import {
  addFunds,
  finishCollectors,
  expectBalance,
  newCollector,
  newCollectorWithPull,
  openPackAndKeep,
  vaultedCerts,
  vaultTile,
  type PulledCard,
} from "./helpers/collector";
import {
  createItemListing,
  createListingDialog,
  fillItemListing,
  openCreateListing,
  openListingPage,
  submitListing,
} from "./helpers/listing";
import { gotoHydrated, signInAsAdmin } from "./helpers/session";
import { expect, test } from "./helpers/test";

// Two collectors sign up, add funds, open packs and trade: well over the default 30 s.
test.describe.configure({ timeout: 300_000 });

/** A title no other test or run uses, so parallel tests never see each other's listings. */
const uniqueTitle = (label: string) => `${label} ${randomBytes(3).toString("hex")}`;

/** A listing's card in the marketplace grid, found through the search box's URL. */
async function findListing(page: Page, title: string) {
  await gotoHydrated(page, `/marketplace?q=${encodeURIComponent(title)}`);
  const card = page.getByRole("article", { name: title });
  await expect(card).toBeVisible();
  return card;
}

/**
 * Lists a vaulted card from /vault ('List on Market'): the create-listing dialog opens for it,
 * prefilled from the card; the title is made unique and the price set.
 */
async function listFromVault(page: Page, card: PulledCard, title: string, price: string) {
  await gotoHydrated(page, "/vault");
  await vaultTile(page, card).getByRole("link", { name: "List on Market" }).click();
  const dialog = createListingDialog(page);
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL((url) => url.searchParams.get("cardId") !== null);
  await expect(dialog.getByLabel("Title")).toHaveValue(card.name);
  await expect(dialog.getByLabel("Description")).toHaveValue(new RegExp(`cert ${card.cert}`));
  await expect(dialog.getByLabel("Category")).toHaveValue("Pokemon");
  await expect(dialog.getByLabel("Condition")).toHaveValue("Mint");
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Price (USD)").fill(price);
  await submitListing(page, dialog);
  await expect(page.getByRole("article", { name: title })).toBeVisible();
}

/** Opens /marketplace/offers on `tab` and returns the offer or sale about `title`. */
async function inboxItem(page: Page, tab: "received" | "made" | "sales", title: string) {
  await gotoHydrated(page, `/marketplace/offers?tab=${tab}`);
  const item = page.getByRole("article", { name: title });
  await expect(item).toBeVisible();
  return item;
}

/** Accepts the pending offer on `title` from the Received tab, through its confirmation. */
async function acceptOffer(page: Page, title: string) {
  const offer = await inboxItem(page, "received", title);
  await offer.getByRole("button", { name: "Accept", exact: true }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Accept offer" }).click();
}

test("a card listed from the vault sells to a buy offer: it moves to the buyer, the seller gets 85%", async ({
  browser,
}) => {
  const { collector: seller, card } = await newCollectorWithPull(
    browser,
    "seller",
    "Sally Seller",
    50,
  );
  await expectBalance(seller.page, "$25.00");
  const title = uniqueTitle(card.name);
  await listFromVault(seller.page, card, title, "30");
  await expect(
    seller.page.getByRole("article", { name: title }).getByText("Your Listing"),
  ).toBeVisible();

  const buyer = await newCollector(browser, "buyer", "Bob Buyer");
  await addFunds(buyer.page, 25);
  const listing = await findListing(buyer.page, title);
  await listing.getByRole("button", { name: "Make Offer" }).click();
  const offer = buyer.page.getByRole("dialog", { name: "Make Offer" });
  await expect(
    offer.getByText("A 15% platform fee applies to all completed transactions."),
  ).toBeVisible();
  await offer.getByRole("button", { name: "Send Offer" }).click();
  await expect(offer.getByText("Please provide offer details")).toBeVisible();
  await expect(offer.getByText("Message must be at least 10 characters")).toBeVisible();
  // An offer is held from the wallet: above the asking price or the balance it is refused (the
  // refusal shows in the dialog and as a toast; nothing is held).
  const sendOffer = async (amount: string) => {
    if (!(await offer.isVisible())) {
      await listing.getByRole("button", { name: "Make Offer" }).click();
    }
    await offer.getByLabel("Offer amount (USD)").fill(amount);
    await offer.getByLabel("Message").fill("Would you take this for it, please?");
    await offer.getByRole("button", { name: "Send Offer" }).click();
  };
  await sendOffer("31");
  await expect(
    buyer.page.getByText("Your offer is above the asking price: use Buy Now").first(),
  ).toBeVisible();
  await sendOffer("26");
  await expect(buyer.page.getByText("Insufficient balance").first()).toBeVisible();
  await sendOffer("20");
  await expect(buyer.page.getByText("Offer sent successfully!")).toBeVisible();
  await expectBalance(buyer.page, "$5.00");
  const made = await inboxItem(buyer.page, "made", title);
  await expect(made.getByText("Pending")).toBeVisible();
  await gotoHydrated(buyer.page, "/wallet");
  const balance = buyer.page.getByRole("region", { name: "Balance" });
  await expect(balance).toContainText("Balance$25.00");
  await expect(balance).toContainText("Held for offers$20.00");
  await expect(balance).toContainText("Available balance$5.00");

  await acceptOffer(seller.page, title);
  await expect(seller.page.getByText("Offer accepted! The card is sold.")).toBeVisible();
  // $25.00 + 85% of $20.00.
  await expectBalance(seller.page, "$42.00");
  const sale = await inboxItem(seller.page, "sales", title);
  await expect(sale.getByText("Completed", { exact: true })).toBeVisible();
  await expect(sale.getByText("$3.00")).toBeVisible();
  await expect(sale.getByText("$17.00")).toBeVisible();
  expect(await vaultedCerts(seller.page)).not.toContain(card.cert);

  expect(await vaultedCerts(buyer.page)).toContain(card.cert);
  // The hold paid the sale: the available $5.00 is untouched.
  await expectBalance(buyer.page, "$5.00");
  const bought = await inboxItem(buyer.page, "made", title);
  await expect(bought.getByText("Accepted")).toBeVisible();
  await finishCollectors(seller, buyer);
});

test("a trade offer of vault cards swaps the cards when the seller accepts", async ({
  browser,
}) => {
  const { collector: seller, card: listed } = await newCollectorWithPull(
    browser,
    "swap-seller",
    "Sam Swapper",
    25,
  );
  const title = uniqueTitle(listed.name);
  await listFromVault(seller.page, listed, title, "40");

  const { collector: trader, card: offered } = await newCollectorWithPull(
    browser,
    "swap-trader",
    "Tess Trader",
    25,
  );
  const listing = await findListing(trader.page, title);
  await listing.getByRole("link", { name: title }).click();
  await expect(trader.page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await trader.page.getByRole("button", { name: "Trade", exact: true }).click();
  const trade = trader.page.getByRole("dialog", { name: "Offer a Trade" });
  const send = trade.getByRole("button", { name: "Send Trade Offer" });
  await expect(send).toBeDisabled();
  await expect(trade.getByText("Please select at least one card to trade")).toBeVisible();
  await expect(trade.getByLabel("Message (optional)")).toHaveAttribute(
    "placeholder",
    `Trade offer for ${title}`,
  );
  // Each vault card shows its slab's cert, linking to the grader's verification page.
  const certLink = { name: new RegExp(`^Cert ${offered.cert}: verify with (PSA|BGS|CGC|SGC)`) };
  await expect(trade.getByRole("link", certLink)).toBeVisible();
  await trade.getByRole("checkbox", { name: new RegExp(offered.name) }).check();
  await expect(trade.getByText("1 card selected")).toBeVisible();
  await expectNoSeriousA11yViolations(trader.page);
  await send.click();
  await expect(trader.page.getByText("Trade offer sent!")).toBeVisible();

  const received = await inboxItem(seller.page, "received", title);
  await expect(received.getByText(`Trade offer for ${title}`)).toBeVisible();
  await expect(received.getByRole("list", { name: "Offered cards" })).toContainText(offered.name);
  // Each offered card's name links to its card's page.
  await expect(
    received
      .getByRole("list", { name: "Offered cards" })
      .getByRole("link", { name: offered.name, exact: true }),
  ).toHaveAttribute("href", /^\/cards\/\d+$/);
  await expect(received.getByRole("link", certLink)).toBeVisible();
  await expectNoSeriousA11yViolations(seller.page);
  await acceptOffer(seller.page, title);
  await expect(seller.page.getByText("Trade accepted!")).toBeVisible();

  const sellerCerts = await vaultedCerts(seller.page);
  expect(sellerCerts).toContain(offered.cert);
  expect(sellerCerts).not.toContain(listed.cert);
  const traderCerts = await vaultedCerts(trader.page);
  expect(traderCerts).toContain(listed.cert);
  expect(traderCerts).not.toContain(offered.cert);
  await finishCollectors(seller, trader);
});

test("buy now of a physical item: paid into escrow, shipped, then released to the seller", async ({
  browser,
}) => {
  const seller = await newCollector(browser, "item-seller", "Ivy Items");
  const title = uniqueTitle("Signed comic");
  await createItemListing(seller.page, {
    title,
    description: "First issue, signed by the artist, bagged and boarded.",
    price: "30",
    category: "Comics",
    condition: "Near Mint",
  });

  const buyer = await newCollector(browser, "item-buyer", "Ben Buyer");
  await addFunds(buyer.page, 50);
  const listing = await findListing(buyer.page, title);
  await listing.getByRole("link", { name: title }).click();
  await buyer.page.getByRole("button", { name: "Buy Now" }).click();
  const confirm = buyer.page.getByRole("alertdialog", { name: `Buy ${title} for $30.00?` });
  await expect(confirm.getByText("$50.00")).toBeVisible();
  await expect(confirm.getByText("$20.00")).toBeVisible();
  await confirm.getByRole("button", { name: "Pay $30.00" }).click();
  await expect(buyer.page.getByText("Purchase complete!")).toBeVisible();
  await expectBalance(buyer.page, "$20.00");
  const purchase = await inboxItem(buyer.page, "sales", title);
  await expect(purchase.getByText("Awaiting shipment")).toBeVisible();

  const sale = await inboxItem(seller.page, "sales", title);
  await sale.getByLabel("Carrier").fill("UPS");
  await sale.getByLabel("Tracking number").fill("1Z999AA10123456784");
  await sale.getByRole("button", { name: "Mark as shipped" }).click();
  await expect(seller.page.getByText("Marked as shipped")).toBeVisible();
  await expectBalance(seller.page, "$0.00");

  const shipped = await inboxItem(buyer.page, "sales", title);
  await expect(shipped.getByText("1Z999AA10123456784")).toBeVisible();
  await expect(shipped.getByText(/automatically 14 days after shipping/)).toBeVisible();
  await shipped.getByRole("button", { name: "Confirm receipt" }).click();
  await buyer.page
    .getByRole("alertdialog")
    .getByRole("button", { name: "Confirm receipt" })
    .click();
  await expect(buyer.page.getByText("Receipt confirmed")).toBeVisible();

  // 85% of $30.00.
  await gotoHydrated(seller.page, "/marketplace/offers?tab=sales");
  await expectBalance(seller.page, "$25.50");
  await expect(
    seller.page.getByRole("article", { name: title }).getByText("Completed", { exact: true }),
  ).toBeVisible();

  // The proceeds (not a card top-up) can be withdrawn at once; an admin approves the payout.
  await gotoHydrated(seller.page, "/wallet");
  const withdraw = seller.page.getByRole("region", { name: "Withdraw funds" });
  await expect(withdraw).toContainText("Withdrawable now: $25.50");
  await withdraw.getByRole("textbox", { name: /^Amount/ }).fill("20");
  await withdraw.getByLabel("Routing number").fill("110000000");
  await withdraw.getByLabel("Account number").fill("000123456789");
  await withdraw.getByRole("button", { name: "Withdraw funds" }).click();
  await seller.page
    .getByRole("alertdialog", { name: "Withdraw $20.00 to your bank?" })
    .getByRole("button", { name: "Withdraw $20.00" })
    .click();
  await expect(seller.page.getByText("Withdrawal requested")).toBeVisible();
  await expectBalance(seller.page, "$5.50");
  const withdrawals = seller.page.getByRole("region", { name: "Your withdrawals" });
  await expect(withdrawals).toContainText("Pending approval");

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin);
  await gotoHydrated(admin, "/admin?tab=payouts");
  await admin
    .getByRole("button", { name: /^Approve \$20\.00 #\d+$/ })
    .first()
    .click();
  // Approving pays money out: the admin confirms the amount, the user and the bank account.
  const approve = admin.getByRole("alertdialog", { name: /^Pay \$20\.00 to .+\?$/ });
  await expect(approve).toContainText("••••6789");
  await approve.getByRole("button", { name: "Pay $20.00" }).click();
  await expect(admin.getByText("Withdrawal updated successfully")).toBeVisible();
  await adminContext.close();

  await gotoHydrated(seller.page, "/wallet");
  await expect(withdrawals).toContainText("Paid");
  await expect(withdrawals).toContainText("To account ending 6789");
  await finishCollectors(seller, buyer);
});

test("create listing: a visitor is sent to sign in; the form shows the spec's messages", async ({
  page,
  browser,
}) => {
  await gotoHydrated(page, "/marketplace");
  await page.getByRole("link", { name: "Create Listing" }).click();
  await expect(page.getByText("Please sign in to create a listing")).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === "/auth");

  const seller = await newCollector(browser, "form", "Fiona Form");
  const dialog = await openCreateListing(seller.page);
  await dialog.getByRole("button", { name: "Create Listing" }).click();
  for (const message of [
    "Title must be at least 3 characters",
    "Description must be at least 10 characters",
    "Price is required",
    "Category is required",
    "Condition is required",
  ]) {
    await expect(dialog.getByText(message)).toBeVisible();
  }
  // Each message sits beside its field and is that field's description (not only a toast).
  for (const [label, message] of [
    ["Title", "Title must be at least 3 characters"],
    ["Price (USD)", "Price is required"],
    ["Category", "Category is required"],
  ] as const) {
    await expect(dialog.getByLabel(label)).toHaveAttribute("aria-invalid", "true");
    await expect(dialog.getByLabel(label)).toHaveAccessibleDescription(message);
  }
  await expect(dialog.getByLabel("Price (USD)")).toHaveAttribute("step", "0.01");
  await expect(dialog.getByLabel("Category").locator("option")).toHaveText([
    "Select a category",
    "Pokemon",
    "Magic: The Gathering",
    "Yu-Gi-Oh!",
    "Comics",
    "Star Wars",
    "Sports",
    "Other",
  ]);
  await expect(dialog.getByLabel("Condition").locator("option")).toHaveText([
    "Select a condition",
    "Mint",
    "Near Mint",
    "Excellent",
    "Good",
    "Fair",
    "Poor",
  ]);
  await dialog.getByLabel("Title").fill("ab");
  await dialog.getByRole("button", { name: "Create Listing" }).click();
  await expect(dialog.getByText("Title must be at least 3 characters")).toBeVisible();
  await expect(dialog.getByRole("group", { name: "Photos (optional)" })).toBeVisible();
  await expect(dialog.getByLabel("Front")).toHaveAttribute("type", "file");
  await expect(dialog.getByLabel("Back")).toHaveAttribute("type", "file");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await finishCollectors(seller);
});

test("the marketplace and a listing page have no serious accessibility violations", async ({
  page,
  browser,
}) => {
  const seller = await newCollector(browser, "a11y", "Alex Access");
  const title = uniqueTitle("<b>Escaped</b> vintage poster");
  const dialog = await openCreateListing(seller.page);
  await fillItemListing(dialog, {
    title,
    description: "A poster from <i>1977</i>, rolled, never framed.",
    price: "12.50",
    category: "Star Wars",
    condition: "Good",
  });
  await expectNoSeriousA11yViolations(seller.page);
  await submitListing(seller.page, dialog);
  await openListingPage(seller.page, title);
  await expect(seller.page.getByRole("heading", { name: "Your listing" })).toBeVisible();
  await expectNoSeriousA11yViolations(seller.page);

  // Cancelling the listing asks with 'Keep listing' and 'Cancel listing', never a bare
  // 'Cancel' beside 'Cancel listing'.
  await seller.page.getByRole("button", { name: "Cancel listing" }).click();
  const ask = seller.page.getByRole("alertdialog", { name: /^Cancel the listing of / });
  await expect(ask.getByRole("button")).toHaveText(["Keep listing", "Cancel listing"]);
  await expectNoSeriousA11yViolations(seller.page);
  await ask.getByRole("button", { name: "Keep listing" }).click();
  await expect(ask).toBeHidden();

  // A visitor: the grid (large and compact) and the listing page, titles shown as text.
  const listing = await findListing(page, title);
  await expect(listing.getByRole("button", { name: "Make Offer" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await gotoHydrated(page, `/marketplace?view=compact&q=${encodeURIComponent(title)}`);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("A poster from <i>1977</i>, rolled, never framed.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const missing = await page.goto("/marketplace/2147483647");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Listing not found" })).toBeVisible();
  await finishCollectors(seller);
});

test("the listing dialog shows the 15% fee and the net before listing, and warns below the buyback", async ({
  browser,
}) => {
  const seller = await newCollector(browser, "net-seller", "Nia Netseller");
  try {
    const { page } = seller;
    await addFunds(page, 25);
    await openPackAndKeep(page);
    // A new pull has a buyback offer for 24 hours; listing it from the vault prefills its value.
    await page.getByRole("link", { name: "List on Market" }).first().click();
    const dialog = createListingDialog(page);
    const price = dialog.getByLabel("Price (USD)");
    await price.fill("200");
    await expect(dialog.getByText("Platform fee (15%)")).toBeVisible();
    await expect(dialog.getByText("-$30.00")).toBeVisible();
    await expect(dialog.getByText("$170.00")).toBeVisible();
    await price.fill("0.10");
    await expect(dialog.getByText("$0.08")).toBeVisible();
    await expect(dialog.getByRole("alert")).toContainText(
      "That is less than the buyback offer on this card: PackVault buys it back now for $",
    );
    await price.fill("100000");
    await expect(dialog.getByText("$85,000.00")).toBeVisible();
    await expect(dialog.getByRole("alert")).toHaveCount(0);
    expect(seller.problems).toEqual([]);
  } finally {
    await seller.close();
  }
});
