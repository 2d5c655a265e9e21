// A crowd of async workers hitting the database at once, and what their calls took.
import { performance } from "node:perf_hooks";

/** The value at percentile `p` (0-100) of ascending `sorted` (nearest rank). */
export function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/**
 * Starts `workers` async loops at once; worker `i` calls `step(i)` again and again until it
 * resolves `false` (the worker is done) or throws (an error, counted; the worker stops). Each
 * step that resolves `true` is one success, timed from call to resolution (so including the
 * wait for a pooled connection and for row locks).
 * @returns `{ successes, errors, firstErrors, wallMs, perSec, latencyMs: { p50, p99, mean, max } }`.
 */
export async function crowd(workers, step) {
  const latencies = [];
  const errors = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async (_, i) => {
      for (;;) {
        const t0 = performance.now();
        try {
          if (!(await step(i))) return;
          latencies.push(performance.now() - t0);
        } catch (error) {
          errors.push(error);
          return;
        }
      }
    }),
  );
  const wallMs = performance.now() - started;
  const sorted = latencies.sort((a, b) => a - b);
  return {
    successes: sorted.length,
    errors: errors.length,
    firstErrors: errors.slice(0, 3).map((e) => `${e?.code ?? e?.name}: ${e?.message}`),
    wallMs,
    perSec: sorted.length / (wallMs / 1000),
    latencyMs: {
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      mean: sorted.reduce((a, b) => a + b, 0) / (sorted.length || 1),
      max: sorted.at(-1) ?? null,
    },
  };
}
