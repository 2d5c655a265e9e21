// The order of the contexts in app/.server, bottom first (docs/decisions/049-context-order.md).
// An entry is a folder or a file (without extension) under app/.server; a file is judged by its
// longest matching entry. A module may import its own tier and the tiers below it, never above.
// Tests (*.test.ts) are exempt: they may reach any module.

/** The tiers, bottom first: each a name and its entries. */
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
      "activity/sales-feed",
    ],
  },
  {
    tier: "infrastructure",
    // Machinery without business rules: caches, the job queue, mail, photo storage, live signals.
    entries: [
      "page-cache",
      "jobs/queue",
      "mail",
      "security",
      "media/storage",
      "media/process-photo",
      "activity/live-signals",
    ],
  },
  {
    tier: "shared policy",
    // Who acts and what they may do, shared by the contexts that use it.
    entries: [
      "auth/auth",
      "auth/password-strength",
      "account/account-ctx",
      "admin/permissions",
      "admin/audit",
      "admin/paging",
      "market/actor",
      "play/guard",
      "play/limits",
      "play/play-account",
      "play/age",
      "inventory/slab-columns",
      "inventory/pool-commitment",
    ],
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
    // What drives the domains: the HTTP seam, seeding, migrating, the recurring jobs.
    entries: [
      "http",
      "request-context",
      "db/seed",
      "db/migrate",
      "jobs/system-jobs",
      "auth/seed-users",
    ],
  },
];

/** Entry -> tier index (0 is the bottom). */
const RANK = new Map(
  CONTEXT_TIERS.flatMap(({ entries }, index) => entries.map((entry) => [entry, index])),
);

/**
 * The tier of `relative` (a path under app/.server with "/" separators, extension or not): the
 * index and name of its longest matching entry, or null when no entry declares it.
 */
export function tierOf(relative) {
  const bare = relative.replace(/\.(d\.ts|ts|tsx|js|jsx)$/, "");
  let best = null;
  for (const entry of RANK.keys()) {
    if (bare === entry || bare.startsWith(`${entry}/`)) {
      if (best === null || entry.length > best.length) best = entry;
    }
  }
  if (best === null) return null;
  const index = RANK.get(best);
  return { index, tier: CONTEXT_TIERS[index].tier, entry: best };
}
