// `npm run screenshots`: every route of the shop at 1280x800 and 390x844, dark and light, as a
// visitor and (for the pages behind sign-in) as the seeded admin, into `screenshots/`
// (gitignored), so a reviewer can look at them all. Full-page PNGs named
// `<route>--<viewport>--<theme>.png`.
//
// By default it builds the app when there is no build, starts it on a free port with a fresh
// database (a temporary DATA_DIR, the admin's password chosen here) and stops it at the end.
// SCREENSHOTS_URL=http://localhost:3000 uses a running shop instead (then set
// SCREENSHOTS_ADMIN_EMAIL and SCREENSHOTS_ADMIN_PASSWORD to include the signed-in pages).
// SCREENSHOTS_DIR changes the folder; SCREENSHOTS_ONLY=cart,admin keeps routes whose file name
// contains one of the words. Chromium: CHROMIUM_PATH, else /usr/bin/chromium.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";

type Shot = { path: string; signedIn?: boolean };

/** Every screen of the route table (app/routes.ts), with a real id where the route needs one. */
const ROUTES: Shot[] = [
  { path: "/" },
  { path: "/products" },
  { path: "/product/1" },
  { path: "/product/999999" },
  { path: "/category/trading-cards" },
  { path: "/category/action-figures" },
  { path: "/new-arrivals" },
  { path: "/sale" },
  { path: "/collections" },
  { path: "/community" },
  { path: "/contact" },
  { path: "/events" },
  { path: "/faq" },
  { path: "/shipping" },
  { path: "/returns" },
  { path: "/track-order" },
  { path: "/privacy-policy" },
  { path: "/terms-of-service" },
  { path: "/cookie-policy" },
  { path: "/packs" },
  { path: "/pack/1" },
  { path: "/pack/1/odds" },
  { path: "/fairness" },
  { path: "/marketplace" },
  { path: "/leaderboard" },
  { path: "/leaderboard?tab=achievements" },
  { path: "/rewards" },
  { path: "/auth" },
  { path: "/auth?tab=signup" },
  { path: "/auth/forgot-password" },
  { path: "/no-such-page" },
  { path: "/cart", signedIn: true },
  { path: "/wishlist", signedIn: true },
  { path: "/account", signedIn: true },
  { path: "/account?tab=orders", signedIn: true },
  { path: "/vault", signedIn: true },
  { path: "/wallet", signedIn: true },
  { path: "/sell", signedIn: true },
  { path: "/marketplace/offers", signedIn: true },
  { path: "/admin", signedIn: true },
  { path: "/admin?tab=users", signedIn: true },
  { path: "/admin?tab=packs", signedIn: true },
  { path: "/admin?tab=products", signedIn: true },
  { path: "/admin?tab=events", signedIn: true },
  { path: "/admin?tab=listings", signedIn: true },
  { path: "/admin?tab=transactions", signedIn: true },
  { path: "/admin?tab=audit", signedIn: true },
];

const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "mobile", width: 390, height: 844 },
] as const;
const THEMES = ["dark", "light"] as const;

const rootDir = path.resolve(import.meta.dirname, "..");
const outDir = path.resolve(rootDir, process.env.SCREENSHOTS_DIR ?? "screenshots");
const only = process.env.SCREENSHOTS_ONLY?.split(",").filter(Boolean);

/** "/admin?tab=packs" -> "admin-tab-packs", "/" -> "home". */
const fileStem = (route: string) =>
  route === "/" ? "home" : route.replace(/^\//, "").replace(/[^a-z0-9]+/gi, "-");

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

async function waitUntilReady(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the shop exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the shop at ${url} was not ready within 3 minutes`);
}

/** Starts the built shop on a free port with a fresh database; returns its URL and a stop. */
async function startShop(admin: { email: string; password: string }) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "packvault-shots-"));
  const child = spawn(process.execPath, ["server.js"], {
    cwd: rootDir,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      DEV_TOOLS: "1",
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(url, child);
  return {
    url,
    stop: async () => {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function signIn(context: BrowserContext, url: string, email: string, password: string) {
  const page = await context.newPage();
  await page.goto(`${url}/auth`);
  const form = page.getByRole("tabpanel", { name: "Sign In" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL((address) => address.pathname === "/", { timeout: 20_000 });
  await page.close();
}

/**
 * Waits for hydration (React's keys on <main>), the fonts and every image in the page, lazy ones
 * loaded at once (a full-page shot shows what is below the fold too).
 */
async function settled(page: Page) {
  await page.evaluate(() => {
    for (const image of document.querySelectorAll("img[loading=lazy]")) {
      (image as HTMLImageElement).loading = "eager";
    }
  });
  await page.waitForFunction(
    () => {
      const main = document.querySelector("main");
      return (
        main !== null &&
        Object.keys(main).some((key) => key.startsWith("__reactFiber$")) &&
        document.fonts.status === "loaded" &&
        [...document.images].every((image) => image.complete)
      );
    },
    undefined,
    { timeout: 20_000 },
  );
}

async function shoot(browser: Browser, url: string, admin: { email: string; password: string }) {
  const routes = ROUTES.filter(
    (route) => !only || only.some((word) => fileStem(route.path).includes(word)),
  );
  let count = 0;
  for (const viewport of VIEWPORTS) {
    for (const theme of THEMES) {
      for (const signedIn of [false, true]) {
        const wanted = routes.filter((route) => Boolean(route.signedIn) === signedIn);
        if (wanted.length === 0 || (signedIn && !admin.password)) continue;
        const context = await browser.newContext({
          viewport: { width: viewport.width, height: viewport.height },
          colorScheme: theme,
          reducedMotion: "reduce",
        });
        await context.addInitScript((value) => localStorage.setItem("theme", value), theme);
        if (signedIn) await signIn(context, url, admin.email, admin.password);
        const page = await context.newPage();
        for (const route of wanted) {
          // Not "networkidle": the live sales feed keeps a request open on most pages.
          await page.goto(`${url}${route.path}`, { waitUntil: "load" });
          await settled(page);
          const file = path.join(outDir, `${fileStem(route.path)}--${viewport.name}--${theme}.png`);
          await page.screenshot({ path: file, fullPage: true });
          count += 1;
        }
        await context.close();
      }
    }
  }
  return count;
}

const external = process.env.SCREENSHOTS_URL;
const admin = external
  ? {
      email: process.env.SCREENSHOTS_ADMIN_EMAIL ?? "",
      password: process.env.SCREENSHOTS_ADMIN_PASSWORD ?? "",
    }
  : { email: "admin@packvault.example", password: "screenshots lantern harbor 42" };

mkdirSync(outDir, { recursive: true });
const shop = external ? { url: external.replace(/\/$/, ""), stop: async () => {} } : null;
const running = shop ?? (await startShop(admin));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
  ],
});
try {
  const count = await shoot(browser, running.url, admin);
  console.log(`${count} screenshots in ${path.relative(process.cwd(), outDir) || "."}/`);
} finally {
  await browser.close();
  await running.stop();
}
