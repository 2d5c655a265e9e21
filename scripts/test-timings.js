// Where a test run's time goes, from the runners' own JSON reports:
//   node scripts/test-timings.js vitest report.json [run.log]
//     (npx vitest run --reporter=default --reporter=json --outputFile.json=report.json | tee run.log)
//   node scripts/test-timings.js playwright report.json
//     (PLAYWRIGHT_JSON_OUTPUT_NAME=report.json npm run test:e2e -- --reporter=list,json)
// Prints the run's wall time, its test count and the 10 slowest files as a Markdown table.
// Vitest's JSON names a file once per project without saying which: the default reporter's log,
// when given, labels each file's line with its project ("✓ pglite tests/x.test.ts (3 tests) 812ms").
import { readFileSync } from "node:fs";
import path from "node:path";

const [kind, reportFile, logFile] = process.argv.slice(2);
if (!["vitest", "playwright"].includes(kind) || !reportFile) {
  console.error("usage: node scripts/test-timings.js vitest|playwright report.json [vitest.log]");
  process.exit(2);
}
const report = JSON.parse(readFileSync(reportFile, "utf8"));
const seconds = (ms) => (ms / 1000).toFixed(1);
const relative = (file) => path.relative(process.cwd(), file) || file;

/** @type {{ file: string; tests: number; ms: number }[]} */
let files;
let wallMs;
let tests;
let failed;
if (kind === "vitest") {
  const results = report.testResults;
  wallMs =
    Math.max(...results.map((r) => r.endTime)) - Math.min(...results.map((r) => r.startTime));
  tests = report.numTotalTests;
  failed = report.numFailedTests;
  files = logFile
    ? fromVitestLog(readFileSync(logFile, "utf8"))
    : results.map((r) => ({
        file: relative(r.name),
        tests: r.assertionResults.length,
        ms: r.endTime - r.startTime,
      }));
} else {
  wallMs = report.stats.duration;
  const perFile = new Map();
  tests = 0;
  failed = 0;
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        tests += 1;
        const ms = test.results.reduce((sum, r) => sum + r.duration, 0);
        if (test.status === "unexpected" || test.status === "flaky") failed += 1;
        const entry = perFile.get(spec.file) ?? { file: spec.file, tests: 0, ms: 0 };
        entry.tests += 1;
        entry.ms += ms;
        perFile.set(spec.file, entry);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites) walk(suite);
  files = [...perFile.values()];
}

console.log(`${kind}: ${seconds(wallMs)} s wall, ${tests} tests, ${failed} failed or flaky`);
console.log("\n| file | tests | s |\n|---|---:|---:|");
for (const f of files.sort((a, b) => b.ms - a.ms).slice(0, 10)) {
  console.log(`| ${f.file} | ${f.tests} | ${seconds(f.ms)} |`);
}
if (kind === "playwright")
  console.log("\n(s: the file's tests' durations added up, over all workers)");

/** The per-file lines of Vitest's default reporter, with their project. */
function fromVitestLog(log) {
  // eslint-disable-next-line no-control-regex
  const plain = log.replace(/\x1b\[[0-9;]*m/g, "");
  const line = /^ [✓×❯]\s+(?:(\w+)\s+)?(\S+\.test\.ts) \((\d+) tests?[^)]*\)(?:\s+(\d+)ms)?/gm;
  return [...plain.matchAll(line)].map(([, project, file, count, ms]) => ({
    file: project ? `${project}: ${file}` : file,
    tests: Number(count),
    ms: Number(ms ?? 0),
  }));
}
