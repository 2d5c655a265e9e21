// Types of int-setting.js, which the JavaScript benches run as plain JavaScript.

/**
 * Reads the integer setting `name` from the environment (`fallback` when unset), bounded to
 * `min`..`max` so a run stays short; anything else ends the process with exit code 2.
 */
export function intSetting(name: string, fallback: number, min: number, max: number): number;
