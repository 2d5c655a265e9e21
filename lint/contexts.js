// The order of the contexts in app/.server, bottom first (docs/decisions/049-context-order.md).
// An entry is a context: a top-level folder of app/.server, or one of its root modules (without
// extension); a file belongs to the context of its first path segment. A module may import its own tier and the tiers below it, never above.
// Tests (*.test.ts) are exempt: they may reach any module.

/** The tiers, bottom first: each a name and its contexts. */
export const CONTEXT_TIERS = [
  {
    tier: "foundation",
    // What every context stands on: configuration, logging, errors, ctx, the database.
    entries: [
      "env",
      "logger",
      "errors",
      "metrics",
      "effects",
      "toast",
      "context",
      "db",
      "sales-feed",
    ],
  },
  {
    tier: "infrastructure",
    // Machinery without business rules: caches, the job queue, mail, photo storage, live signals.
    entries: ["page-cache", "queue", "mail", "security", "storage", "live-signals"],
  },
  {
    tier: "shared policy",
    // Who acts and what they may do (app/.server/policy/), shared by the contexts that use it.
    entries: ["policy"],
  },
  {
    tier: "domains",
    // The business contexts; they call each other only through exported functions.
    entries: [
      "account",
      "activity",
      "admin",
      "art",
      "auctions",
      "auth",
      "cart",
      "catalog",
      "inventory",
      "market",
      "media",
      "notifications",
      "orders",
      "packs",
      "play",
      "reserves",
      "rewards",
      "support",
      "value",
      "vault",
      "wallet",
      "wishlist",
    ],
  },
  {
    tier: "drivers",
    // What drives the domains: the HTTP seam, seeding and migrating, the recurring jobs.
    entries: ["http", "request-context", "setup", "jobs"],
  },
];

/** Context -> tier index (0 is the bottom). */
const RANK = new Map(
  CONTEXT_TIERS.flatMap(({ entries }, index) => entries.map((entry) => [entry, index])),
);

/**
 * The tier of `relative` (a path under app/.server with "/" separators, extension or not): the
 * index and name of the tier of its context (its first path segment, extension dropped), and
 * that context as `entry`; null when no tier declares the context.
 */
export function tierOf(relative) {
  const entry = relative.split("/")[0].replace(/\.(d\.ts|ts|tsx|js|jsx)$/, "");
  const index = RANK.get(entry);
  if (index === undefined) return null;
  return { index, tier: CONTEXT_TIERS[index].tier, entry };
}
