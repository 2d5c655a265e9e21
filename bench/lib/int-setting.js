// The benches' integer settings from the environment, shared by the JavaScript benches
// (pack-drop.js, storefront.js) and the TypeScript ones (leaderboard.ts, value.ts).

/**
 * Reads the integer setting `name` from the environment (`fallback` when unset), bounded to
 * `min`..`max` so a run stays short; anything else ends the process with exit code 2.
 */
export function intSetting(name, fallback, min, max) {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    console.error(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
    process.exit(2);
  }
  return value;
}
