import { type BrowserContext, type Page } from "@playwright/test";
import { expect, test as base } from "./helpers/test";
import { STORE } from "../../app/lib/store";
import { expectNoSeriousA11yViolations } from "./helpers/axe";
import { gotoHydrated, waitForHydration } from "./helpers/session";

/**
 * Waits until React has hydrated the shell (its nodes carry React's fiber keys), so clicks and
 * shortcuts reach React's handlers rather than the server-rendered HTML.
 */
/**
 * Presses a shortcut until `reached()` holds: the window listener is attached in an effect just
 * after hydration. It presses again only while the state is unchanged, so a slow render is
 * never toggled back.
 */
async function pressUntil(page: Page, keys: string, reached: () => Promise<boolean>) {
  await expect(async () => {
    if (!(await reached())) await page.keyboard.press(keys);
    await expect.poll(reached, { timeout: 2_000 }).toBe(true);
  }).toPass({ timeout: 10_000 });
}

/** The suite's `test` with a `home` fixture: the test's page, on / and hydrated. */
const test = base.extend<{ home: Page }>({
  home: async ({ page }, run) => {
    await gotoHydrated(page, "/");
    await run(page);
  },
});

/** The desktop sidebar (hidden at 360 px, where the drawer stands in). */
const sidebarOf = (page: Page) => page.getByRole("complementary", { name: "Sidebar" });
/** The mobile navigation drawer, opened by the header's menu toggle. */
const drawerOf = (page: Page) => page.getByRole("dialog", { name: "Navigation" });

/**
 * Sets the sidebar:state cookie to collapsed before the first page loads, opens / hydrated and
 * waits for the sidebar to be collapsed; returns the sidebar.
 */
async function openCollapsed(page: Page, context: BrowserContext, baseURL: string) {
  await context.addCookies([{ name: "sidebar:state", value: "false", url: baseURL }]);
  await gotoHydrated(page, "/");
  const sidebar = sidebarOf(page);
  await expect(sidebar).toHaveAttribute("data-state", "collapsed");
  return sidebar;
}

test("an unknown path shows 'Oops! Page not found' with status 404", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL("/");
});

test("the theme is dark by default and a Light choice survives a reload without a flash", async ({
  home: page,
}) => {
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
  home: page,
  context,
}) => {
  const sidebar = sidebarOf(page);
  const state = () => sidebar.getAttribute("data-state");
  await expect(sidebar).toHaveAttribute("data-state", "expanded");
  await expect(sidebar).toHaveCSS("width", "256px");
  await pressUntil(page, "Control+b", async () => (await state()) === "collapsed");
  await expect(sidebar).toHaveCSS("width", "48px");

  const cookie = (await context.cookies()).find((c) => c.name === "sidebar:state");
  expect(cookie?.value).toBe("false");
  const lifetime = cookie!.expires - Date.now() / 1000;
  expect(lifetime).toBeGreaterThan(604_800 - 60);
  expect(lifetime).toBeLessThanOrEqual(604_800 + 1);

  await page.reload();
  await waitForHydration(page);
  await expect(sidebar).toHaveAttribute("data-state", "collapsed");
  await pressUntil(page, "Control+b", async () => (await state()) === "expanded");
});

test("the 404 page has no serious accessibility violations", async ({ page }) => {
  await page.goto("/no-such-page");
  await expectNoSeriousA11yViolations(page);
});

// ---------------------------------------------------------------------------------------------
// Navigation shell: mobile drawer, side and top navigation,
// header, footer, scroll on navigation, accessibility. The shell behaves the same on every
// route, so tests navigate to paths other features may not have built yet: the 404 page is
// rendered inside the same shell.

const MOBILE = { width: 360, height: 740 };
/** The drawer's navigation, in order: [label, href]. */
const DRAWER_ENTRIES = [
  ["Home", "/"],
  ["Shop", "/products"],
  ["Packs", "/packs"],
  ["Vault", "/vault"],
  ["Marketplace", "/marketplace"],
  ["Auctions", "/auctions"],
  ["Leaderboard", "/leaderboard"],
  ["Events", "/events"],
  ["Sign In", "/auth"],
] as const;
type Entry = (typeof DRAWER_ENTRIES)[number];
/** The drawer's entries in its order, less those labelled `left`. */
const drawerEntriesBut = (...left: Entry[0][]) =>
  DRAWER_ENTRIES.filter(([label]) => !left.includes(label));
/** The sidebar's: the drawer's but Vault and Sign In. */
const SIDEBAR_ENTRIES = drawerEntriesBut("Vault", "Sign In");
/** The header's top navigation: the drawer's but Home, Shop and Sign In. */
const TOP_NAV_ENTRIES = drawerEntriesBut("Home", "Shop", "Sign In");

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);
const scrollRoom = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);

test.describe("at 360 px wide", () => {
  test.use({ viewport: MOBILE });

  test("the sidebar is hidden and the header shows a menu toggle and the logo", async ({
    home: page,
  }) => {
    await expect(sidebarOf(page)).toBeHidden();
    const header = page.getByRole("banner");
    await expect(header.getByRole("button", { name: "Open navigation" })).toBeVisible();
    const home = header.getByRole("link", { name: "PackVault home" });
    await expect(home).toBeVisible();
    await expect(home).toHaveAttribute("href", "/");
    await expect(home.getByText("PackVault", { exact: true })).toBeVisible();
    // The logo's foil gradient must resolve inside the visible header, not in the hidden sidebar.
    const logo = home.locator("svg");
    await expect(logo).toBeVisible();
    const gradientInside = await logo.evaluate((svg) => {
      const fill = svg.querySelector("path")?.getAttribute("fill") ?? "";
      const id = /^url\(#(.+)\)$/.exec(fill)?.[1];
      return id !== undefined && svg.querySelector(`[id="${id}"]`) !== null;
    });
    expect(gradientInside).toBe(true);
    await expect(header.getByRole("navigation", { name: "Top navigation" })).toBeHidden();
  });

  test("the menu toggle opens an 18rem drawer with the navigation, Sign In, the sell button and the theme toggle", async ({
    home: page,
  }) => {
    const drawer = drawerOf(page);
    await expect(drawer).toBeHidden();
    await page.getByRole("button", { name: "Open navigation" }).click();
    await expect(drawer).toBeVisible();

    const box = await drawer.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 288, height: MOBILE.height });

    const links = drawer.getByRole("navigation").getByRole("link");
    await expect(links).toHaveText(DRAWER_ENTRIES.map(([label]) => label));
    for (const [label, href] of DRAWER_ENTRIES) {
      await expect(drawer.getByRole("link", { name: label, exact: true })).toHaveAttribute(
        "href",
        href,
      );
    }
    await expect(drawer.getByRole("link", { name: "Home", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(drawer.getByRole("link", { name: "Submit my collectibles" })).toHaveAttribute(
      "href",
      "/sell",
    );

    const light = drawer.getByRole("radio", { name: "Light" });
    const dark = drawer.getByRole("radio", { name: "Dark" });
    await expect(dark).toBeChecked();
    await light.click();
    await expect(light).toBeChecked();
    await expect(page.locator("html")).toHaveClass(/light/);
    await expect(drawer).toBeVisible();

    // On a phone narrower than 18rem / 0.85 (339 px) the drawer is capped at 85vw.
    await page.setViewportSize({ width: 320, height: MOBILE.height });
    await expect.poll(async () => (await drawer.boundingBox())?.width).toBeCloseTo(320 * 0.85, 0);
  });

  test("Escape closes the drawer and gives focus back to the menu toggle", async ({
    home: page,
  }) => {
    const toggle = page.getByRole("button", { name: "Open navigation" });
    const drawer = drawerOf(page);
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(drawer).toBeVisible();
    // The modal drawer hides the rest of the page from assistive technology meanwhile.
    await expect(toggle).toHaveCount(0);
    await expect(
      page.getByRole("button", { name: "Open navigation", includeHidden: true }),
    ).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toBeFocused();
  });

  test("following a link in the drawer navigates and closes the drawer", async ({ home: page }) => {
    const drawer = drawerOf(page);
    await page.getByRole("button", { name: "Open navigation" }).click();
    await drawer.getByRole("link", { name: "Events", exact: true }).click();
    await expect(page).toHaveURL("/events");
    await expect(drawer).toBeHidden();

    // Also when the link points at the page already shown.
    await page.getByRole("button", { name: "Open navigation" }).click();
    await expect(drawer.getByRole("link", { name: "Events", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await drawer.getByRole("link", { name: "Events", exact: true }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL("/events");
  });

  test("Ctrl+B toggles the drawer and leaves the desktop sidebar state alone", async ({
    home: page,
    context,
  }) => {
    const drawer = drawerOf(page);
    await pressUntil(page, "Control+b", () => drawer.isVisible());
    await page.keyboard.press("Control+b");
    await expect(drawer).toBeHidden();
    const cookie = (await context.cookies()).find((c) => c.name === "sidebar:state");
    expect(cookie).toBeUndefined();
  });

  test("the shell with the drawer open has no serious accessibility violations", async ({
    home: page,
  }) => {
    await page.getByRole("button", { name: "Open navigation" }).click();
    await expect(drawerOf(page)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("every route change scrolls to the top", async ({ home: page }) => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => scrollY(page)).toBeGreaterThan(300);

    await page
      .getByRole("contentinfo")
      .getByRole("navigation", { name: "Policies" })
      .getByRole("link", { name: "Privacy Policy" })
      .click();
    await expect(page).toHaveURL("/privacy-policy");
    // The new page is tall enough to stay scrolled, so 0 means it was scrolled to the top.
    expect(await scrollRoom(page)).toBeGreaterThan(300);
    await expect.poll(() => scrollY(page)).toBe(0);

    // From the drawer too.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => scrollY(page)).toBeGreaterThan(300);
    await page.getByRole("button", { name: "Open navigation" }).click();
    await page
      .getByRole("dialog", { name: "Navigation" })
      .getByRole("link", { name: "Leaderboard", exact: true })
      .click();
    await expect(page).toHaveURL("/leaderboard");
    expect(await scrollRoom(page)).toBeGreaterThan(300);
    await expect.poll(() => scrollY(page)).toBe(0);
  });
});

test.describe("on a desktop", () => {
  test("the side navigation lists Home, Shop, Packs, Marketplace, Auctions, Leaderboard and Events", async ({
    home: page,
  }) => {
    const sidebar = sidebarOf(page);
    await expect(sidebar).toBeVisible();
    await expect(sidebar.getByRole("link", { name: "PackVault home" })).toContainText("PackVault");
    const nav = sidebar.getByRole("navigation");
    await expect(nav.getByRole("link")).toHaveText(SIDEBAR_ENTRIES.map(([label]) => label));
    for (const [label, href] of SIDEBAR_ENTRIES) {
      await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute(
        "href",
        href,
      );
    }
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("Home is current only on exactly /", async ({ page }) => {
    const nav = sidebarOf(page).getByRole("navigation");
    const home = nav.getByRole("link", { name: "Home", exact: true });

    await gotoHydrated(page, "/");
    await expect(home).toHaveAttribute("aria-current", "page");
    await expect(nav.locator("[aria-current]")).toHaveCount(1);

    await gotoHydrated(page, "/no-such-page");
    await expect(home).not.toHaveAttribute("aria-current");
    await expect(nav.locator("[aria-current]")).toHaveCount(0);

    // After a client-side navigation as well.
    await nav.getByRole("link", { name: "Marketplace", exact: true }).click();
    await expect(page).toHaveURL("/marketplace");
    await expect(nav.getByRole("link", { name: "Marketplace" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(home).not.toHaveAttribute("aria-current");
    await home.click();
    await expect(page).toHaveURL("/");
    await expect(home).toHaveAttribute("aria-current", "page");
  });

  test("'Submit my collectibles' goes to /sell (which asks a visitor to sign in first)", async ({
    home: page,
  }) => {
    const sell = page
      .getByRole("complementary", { name: "Sidebar" })
      .getByRole("link", { name: "Submit my collectibles" });
    await expect(sell).toHaveAttribute("href", "/sell");
    await sell.click();
    await expect(page).toHaveURL("/auth?redirectTo=%2Fsell");
  });

  test("the collapsed sidebar shows icons only, each with an accessible name", async ({
    page,
    context,
    baseURL,
  }) => {
    const sidebar = await openCollapsed(page, context, baseURL!);
    await expect(sidebar).toHaveCSS("width", "48px");

    const links = sidebar.getByRole("link");
    const names = ["PackVault home", ...SIDEBAR_ENTRIES.map(([l]) => l), "Submit my collectibles"];
    await expect(links).toHaveCount(names.length);
    for (const [index, name] of names.entries()) {
      const link = links.nth(index);
      await expect(link).toHaveAccessibleName(name);
      await expect(link.locator("svg").first()).toBeVisible();
      // No label is drawn: whatever text the link holds is visually hidden (1 px or less).
      const textWidth = await link.evaluate((el) => {
        let widest = 0;
        for (const node of el.querySelectorAll("span")) {
          if (node.textContent?.trim())
            widest = Math.max(widest, node.getBoundingClientRect().width);
        }
        return widest;
      });
      expect(textWidth, `${name} shows its label`).toBeLessThanOrEqual(1);
      const box = await link.boundingBox();
      expect(box!.width, `${name} fits the 3rem rail`).toBeLessThanOrEqual(48);
    }
    await expect(sidebar.getByText("PackVault", { exact: true })).toHaveCount(0);

    const buttons = sidebar.getByRole("button");
    await expect(buttons).toHaveCount(2);
    await expect(sidebar.getByRole("button", { name: "Expand sidebar" })).toBeVisible();
    // The theme toggle shrinks to one icon button named after the theme it switches to.
    const themeButton = sidebar.getByRole("button", { name: "Light" });
    await themeButton.click();
    await expect(page.locator("html")).toHaveClass(/light/);
    await expect(sidebar.getByRole("button", { name: "Dark" })).toBeVisible();

    await sidebar.getByRole("button", { name: "Expand sidebar" }).click();
    await expect(sidebar).toHaveAttribute("data-state", "expanded");
    await expect(sidebar.getByText("Marketplace", { exact: true })).toBeVisible();
  });

  test("Meta+B toggles the sidebar too (Cmd+B on macOS)", async ({ home: page }) => {
    const sidebar = sidebarOf(page);
    await expect(sidebar).toHaveAttribute("data-state", "expanded");
    await pressUntil(
      page,
      "Meta+b",
      async () => (await sidebar.getAttribute("data-state")) === "collapsed",
    );
    await page.keyboard.press("Meta+b");
    await expect(sidebar).toHaveAttribute("data-state", "expanded");
    // A plain B typed on the page does nothing.
    await page.keyboard.press("b");
    await expect(sidebar).toHaveAttribute("data-state", "expanded");
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("a visitor's header has Log in and Sign up to /auth (Sign Up tab) and the top navigation", async ({
    home: page,
  }) => {
    const header = page.getByRole("banner");
    await expect(header.getByRole("button", { name: "Open navigation" })).toBeHidden();
    const logIn = header.getByRole("link", { name: "Log in" });
    const signUp = header.getByRole("link", { name: "Sign up" });
    await expect(logIn).toHaveAttribute("href", "/auth");
    await expect(signUp).toHaveAttribute("href", "/auth?tab=signup");

    const topNav = header.getByRole("navigation", { name: "Top navigation" });
    await expect(topNav).toBeVisible();
    await expect(topNav.getByRole("link")).toHaveText(TOP_NAV_ENTRIES.map(([label]) => label));
    for (const [label, href] of TOP_NAV_ENTRIES) {
      await expect(topNav.getByRole("link", { name: label })).toHaveAttribute("href", href);
    }

    await signUp.click();
    await expect(page).toHaveURL("/auth?tab=signup");
    await expect(page.getByRole("tab", { name: "Sign Up" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
  });

  test("the footer has its columns, contact details, sister brands, policies and copyright", async ({
    home: page,
  }) => {
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("heading")).toHaveText([
      "Quick Links",
      "Customer Service",
      "Features",
      "Get In Touch",
      "Our Other Brands",
    ]);

    const column = (title: string) =>
      footer
        .locator("div")
        .filter({ has: page.getByRole("heading", { name: title, exact: true }) })
        .last();
    const expectLinks = async (title: string, entries: [string, string][]) => {
      const links = column(title).getByRole("link");
      await expect(links).toHaveText(entries.map(([label]) => label));
      for (const [index, [, href]] of entries.entries()) {
        await expect(links.nth(index)).toHaveAttribute("href", href);
      }
    };
    await expectLinks("Quick Links", [
      ["Shop", "/products"],
      ["Mystery Packs", "/packs"],
      ["Marketplace", "/marketplace"],
      ["Events", "/events"],
      ["Leaderboard", "/leaderboard"],
    ]);
    await expectLinks("Customer Service", [
      ["Contact Us", "/contact"],
      ["FAQ", "/faq"],
      ["Shipping Information", "/shipping"],
      ["Returns and Refunds", "/returns"],
      ["Track Your Order", "/track-order"],
    ]);
    await expectLinks("Features", [
      ["Your Vault", "/vault"],
      ["Provably Fair", "/fairness"],
      ["Proof of Reserves", "/reserves"],
      ["How We Value Cards", "/value"],
      ["Sell Items", "/sell"],
      ["My Account", "/account"],
      ["Sign In", "/auth"],
    ]);

    const contact = column("Get In Touch");
    await expect(contact).toContainText(STORE.phone);
    await expect(contact.locator("address")).toContainText(STORE.street);
    await expect(contact.locator("address")).toContainText(
      `${STORE.city}, ${STORE.state} ${STORE.zip}`,
    );
    await expect(contact.getByRole("link")).toHaveCount(0);

    const brands = column("Our Other Brands").getByRole("link");
    await expect(brands).toHaveCount(4);
    for (const href of await brands.evaluateAll((els) => els.map((a) => a.getAttribute("href")))) {
      expect(href).toMatch(/^https:\/\/[a-z0-9-]+\.example\/?$/);
    }

    // Social icons are named but lead nowhere yet.
    const social = footer.getByRole("list", { name: /social/i });
    await expect(social.getByRole("listitem")).toHaveCount(4);
    await expect(social.getByRole("link")).toHaveCount(0);

    const policies = footer.getByRole("navigation", { name: "Policies" }).getByRole("link");
    await expect(policies).toHaveText(["Privacy Policy", "Terms of Service", "Cookie Policy"]);
    await expect(policies.nth(0)).toHaveAttribute("href", "/privacy-policy");
    await expect(policies.nth(1)).toHaveAttribute("href", "/terms-of-service");
    await expect(policies.nth(2)).toHaveAttribute("href", "/cookie-policy");

    await expect(footer).toContainText(`© ${new Date().getFullYear()} PackVault`);
    // Every link in the footer stays on this site or goes to a reserved .example domain.
    for (const href of await footer
      .getByRole("link")
      .evaluateAll((els) => els.map((a) => a.getAttribute("href") ?? ""))) {
      expect(href).toMatch(/^(\/[a-z-]*|https:\/\/[a-z0-9-]+\.example\/?)$/);
    }
  });

  test("the shell with the sidebar collapsed has no serious accessibility violations", async ({
    page,
    context,
    baseURL,
  }) => {
    await openCollapsed(page, context, baseURL!);
    await expectNoSeriousA11yViolations(page);
  });
});
