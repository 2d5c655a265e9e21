import { expectNoSeriousA11yViolations } from "./helpers/axe";
import { addFunds, expectBalance, newCollector } from "./helpers/collector";
import { gotoHydrated } from "./helpers/session";
import { expect, test } from "./helpers/test";

test.describe.configure({ timeout: 120_000 });

// docs/decisions/009-held-offers-and-payouts.md: a card top-up is withdrawable only after 3
// days, so a new collector's fresh $50 cannot go out yet. (A withdrawal paid: marketplace.spec.ts,
// with a seller's proceeds.)
test("card top-ups wait 3 days: the form says when, and refuses meanwhile", async ({ browser }) => {
  const collector = await newCollector(browser, "withdraw", "Wendy Withdraw");
  await addFunds(collector.page, 50);
  await gotoHydrated(collector.page, "/wallet");
  const form = collector.page.getByRole("region", { name: "Withdraw funds" });
  await expect(form).toContainText("Withdrawable now: $0.00");
  await expect(form).toContainText(
    /\$50\.00 from a card top-up: Available to withdraw on \w+ \d+, \d{4}/,
  );
  await form.getByRole("textbox", { name: /^Amount/ }).fill("5");
  await form.getByLabel("Routing number").fill("110000000");
  await form.getByLabel("Account number").fill("000123456789");
  await form.getByRole("button", { name: "Withdraw funds" }).click();
  await expect(form.getByText("Withdraw at least $10.00")).toBeVisible();
  await expect(collector.page.getByRole("alertdialog")).toHaveCount(0);
  await form.getByRole("textbox", { name: /^Amount/ }).fill("20");
  await form.getByRole("button", { name: "Withdraw funds" }).click();
  // Every withdrawal asks first: amount, bank account, fee. Cancel sends nothing.
  const confirm = collector.page.getByRole("alertdialog", {
    name: "Withdraw $20.00 to your bank?",
  });
  await expect(confirm).toContainText("Amount$20.00");
  await expect(confirm).toContainText("ToBank account ••••6789, routing 110000000");
  await expect(confirm).toContainText("FeeNone");
  await expectNoSeriousA11yViolations(collector.page);
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(form.getByRole("alert")).toHaveCount(0);
  await form.getByRole("button", { name: "Withdraw funds" }).click();
  await confirm.getByRole("button", { name: "Withdraw $20.00" }).click();
  await expect(form.getByRole("alert")).toContainText("Available to withdraw on");
  await expectBalance(collector.page, "$50.00");
  await expectNoSeriousA11yViolations(collector.page);
  await collector.close();
});
