// `npm run test:e2e`: checks for the system Chromium, builds the app into its own folder
// (so a running `build/` is never touched), then runs Playwright. Extra args go to Playwright.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { e2eChromium } from "./e2e-browser.js";

const chromium = e2eChromium();
if (!existsSync(chromium)) {
  console.error(
    `E2E tests need Chromium at ${chromium}, and it is not there.\n` +
      "Install it from Debian: apt-get update && apt-get install -y chromium-headless-shell chromium\n" +
      "(or point CHROMIUM_PATH at another Chromium binary). `npx playwright install` does not work here.",
  );
  process.exit(1);
}

const env = { ...process.env, BUILD_DIR: process.env.BUILD_DIR ?? ".e2e/build" };
const run = (cmd, args) => {
  const result = spawnSync(cmd, args, { stdio: "inherit", env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
run("npx", ["react-router", "build"]);
run("npx", ["playwright", "test", ...process.argv.slice(2)]);
