import {
  STARTER_PACK,
  addFunds,
  confirmPackOpening,
  expectBalance,
  watchPageErrors,
} from "./helpers/collector";
import { gotoHydrated, signUpVerified, uniqueEmail } from "./helpers/session";
import { expect, test } from "./helpers/test";

// Every signed-in page listens to /notifications/live. Over HTTP/1.1 a browser gives a site six
// connections: with a stream held by each tab, the seventh tab's page never loaded and five
// tabs opening a pack at once all hung. The tabs now share one stream
// (docs/decisions/039-one-live-connection-per-browser.md).
test("eight tabs of one browser each open a pack at once, and every one is answered", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signUpVerified(page, { email: uniqueEmail("tabs") });
  await addFunds(page, 200);
  const others = await Promise.all(Array.from({ length: 7 }, () => context.newPage()));
  const problems = others.map((tab) => watchPageErrors(tab));
  const tabs = [page, ...others];
  for (const tab of tabs) await gotoHydrated(tab, `/pack/${STARTER_PACK.id}`);

  // Each tab asks before paying (docs/decisions/044-confirm-before-money-moves.md): all eight
  // questions are answered, then all eight openings go out at once.
  for (const tab of tabs) await tab.getByRole("button", { name: "Open Pack Now" }).click();
  await Promise.all(tabs.map((tab) => confirmPackOpening(tab)));
  for (const tab of tabs) {
    await expect(tab.getByRole("dialog").getByRole("status")).toHaveText(/^You pulled .+: /, {
      timeout: 20_000,
    });
  }
  // Eight $25 packs paid from the $200: every opening went through, once.
  await gotoHydrated(page, "/wallet");
  await expectBalance(page, "$0.00");
  expect(problems.flat()).toEqual([]);
});
