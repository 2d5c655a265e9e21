import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { e2eChromium } from "./scripts/e2e-browser.js";

// Values are fixed in the main process and inherited by the workers through process.env.
const port = (process.env.E2E_PORT ??= "3199");
const dataDir = (process.env.E2E_DATA_DIR ??= mkdtempSync(
  path.join(os.tmpdir(), "packvault-e2e-"),
));
const buildDir = (process.env.BUILD_DIR ??= ".e2e/build");
const chromium = e2eChromium();
// The seeded admin of the e2e shop (tests/e2e/helpers/session.ts signs in with these).
const adminEmail = (process.env.E2E_ADMIN_EMAIL ??= "admin@packvault.example");
const adminPassword = (process.env.E2E_ADMIN_PASSWORD ??= "e2e admin lantern harbor 42");

export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // No retries: a test that fails once has a bug (in the test's waiting, or a real race).
  retries: 0,
  forbidOnly: true,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  // A sign-up and a sign-in take 20-30 s together on CI's busy machine: most tests have twice that.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    // Animations are not what most tests are about: under prefers-reduced-motion a pack opens in
    // 0.4 s instead of 2 s and dialogs and toasts do not slide. The specs about motion (packs, home,
    // shop) ask for "no-preference" themselves (docs/decisions/038-tests-in-fifteen-minutes.md).
    reducedMotion: "reduce",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [{ name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: "node server.js",
    url: `${baseURL}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: port,
      DATA_DIR: dataDir,
      BUILD_DIR: buildDir,
      DEV_TOOLS: "1",
      NODE_ENV: "production",
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
    },
  },
});
