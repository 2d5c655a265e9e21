import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

// Values are fixed in the main process and inherited by the workers through process.env.
const port = (process.env.E2E_PORT ??= "3199");
const dataDir = (process.env.E2E_DATA_DIR ??= mkdtempSync(
  path.join(os.tmpdir(), "packvault-e2e-"),
));
const buildDir = (process.env.BUILD_DIR ??= ".e2e/build");
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: true,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
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
    },
  },
});
