/** One tier of the context order (lint/contexts.js), bottom first. */
export const CONTEXT_TIERS: readonly { tier: string; entries: readonly string[] }[];
/** The tier of a path under app/.server: its index, name and context (first path segment), or null. */
export function tierOf(relative: string): { index: number; tier: string; entry: string } | null;
