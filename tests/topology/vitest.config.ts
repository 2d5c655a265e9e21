import { defineConfig } from "vitest/config";

const alias = { "~": new URL("../../app", import.meta.url).pathname };

// `npm run test:topology`: one long test (builds, runs nginx and two instances, a minute of
// load); never part of `npm test`'s projects.
export default defineConfig({
  resolve: { alias },
  root: new URL("../..", import.meta.url).pathname,
  test: {
    include: ["tests/topology/**/*.test.ts"],
    testTimeout: 420_000,
    hookTimeout: 420_000,
    fileParallelism: false,
  },
});
