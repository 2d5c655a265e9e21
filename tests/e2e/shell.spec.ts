import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./helpers/axe";

test("an unknown path shows 'Oops! Page not found' with status 404", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL("/");
});

test("the theme is dark by default and a Light choice survives a reload without a flash", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page
    .getByRole("complementary", { name: "Sidebar" })
    .getByRole("radio", { name: "Light" })
    .click();
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");

  // Record the html class at the first script run of the reloaded document, before paint.
  await page.addInitScript(() => {
    document.addEventListener("readystatechange", () => {
      if (document.readyState === "interactive") {
        (window as unknown as { firstClass: string }).firstClass =
          document.documentElement.className;
      }
    });
  });
  await page.reload();
  const firstClass = await page.evaluate(
    () => (window as unknown as { firstClass: string }).firstClass,
  );
  expect(firstClass).not.toMatch(/dark/);
  await expect(page.locator("html")).toHaveClass(/light/);
});

test("Ctrl+B collapses the sidebar and the sidebar:state cookie keeps it for 7 days", async ({
  page,
  context,
}) => {
  await page.goto("/");
  const sidebar = page.getByRole("complementary", { name: "Sidebar" });
  await expect(sidebar).toHaveAttribute("data-state", "expanded");
  await expect(sidebar).toHaveCSS("width", "256px");
  await page.keyboard.press("Control+b");
  await expect(sidebar).toHaveAttribute("data-state", "collapsed");
  await expect(sidebar).toHaveCSS("width", "48px");

  const cookie = (await context.cookies()).find((c) => c.name === "sidebar:state");
  expect(cookie?.value).toBe("false");
  const lifetime = cookie!.expires - Date.now() / 1000;
  expect(lifetime).toBeGreaterThan(604_800 - 60);
  expect(lifetime).toBeLessThanOrEqual(604_800 + 1);

  await page.reload();
  await expect(sidebar).toHaveAttribute("data-state", "collapsed");
  await page.keyboard.press("Control+b");
  await expect(sidebar).toHaveAttribute("data-state", "expanded");
});

test("the 404 page has no serious accessibility violations", async ({ page }) => {
  await page.goto("/no-such-page");
  await expectNoSeriousA11yViolations(page);
});
