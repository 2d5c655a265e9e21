// Helpers the TypeScript benches share (leaderboard.ts, value.ts): a seeded generator and
// percentiles (their settings: int-setting.js).

/** A small deterministic generator (mulberry32) in [0, 1), so every run seeds the same data. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The value at percentile `p` (0-100) of ascending, non-empty `sorted` (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ]!;
}
