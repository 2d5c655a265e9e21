import { configDefaults, defineConfig } from "vitest/config";

const alias = { "~": new URL("./app", import.meta.url).pathname };
const setupFiles = ["./tests/helpers/fail-on-console-error.ts"];
// Migrates one database per project and run; each test file gets a copy (tests/helpers/db.ts).
const globalSetup = ["./tests/helpers/template-database.ts"];
// PGlite boots WebAssembly per file (the migrations ran once, in globalSetup): slow on a busy
// 2-core machine.
// isolate: false: a worker imports the app's modules once, not once per file (the import took
// 181 s of the pglite project's 311 s; without it 153 s, docs/decisions/038-tests-in-fifteen-minutes.md).
// Each file still opens its own database, and setupFiles run per file.
const timeouts = { hookTimeout: 60_000, testTimeout: 30_000, isolate: false };

// Integration tests run on in-memory PGlite always, and again on PostgreSQL when
// TEST_DATABASE_URL is set (CI sets it); each test file gets its own copy of a database migrated
// once per run.
export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default is one worker fewer than the cores: 1 on CI's 2 cores, which leaves a core
    // idle while a file waits on PostgreSQL. Not yet measured on a quiet machine
    // (docs/decisions/038-tests-in-fifteen-minutes.md; bench/vitest-workers.sh "1 2").
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: {
          name: "pglite",
          include: ["app/**/*.test.ts", "lint/**/*.test.ts", "tests/integration/**/*.test.ts"],
          // PostgreSQL's connection pool only: PGlite has one embedded connection.
          exclude: [...configDefaults.exclude, "tests/integration/db-pool.test.ts"],
          env: { TEST_DB_DRIVER: "pglite" },
          setupFiles,
          globalSetup,
          ...timeouts,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              resolve: { alias },
              test: {
                name: "postgres",
                include: ["tests/integration/**/*.test.ts"],
                env: { TEST_DB_DRIVER: "postgres" },
                setupFiles,
                globalSetup,
                ...timeouts,
              },
            },
          ]
        : []),
    ],
  },
});
