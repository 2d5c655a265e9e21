/** What a pack's generated foil wrapper shows: its name, its category and its price tier. */
export type PackArt = { name: string; category: string; priceCents: number };

/**
 * A pack's price tier, shown by its wrapper (docs/decisions/026-art-and-demo-shop.md): `standard`
 * under $100, `premium` (holographic foil) from $100, `vault` (black-and-gold holographic
 * foil) from $500.
 */
export const PACK_TIERS = ["standard", "premium", "vault"] as const;
export type PackTier = (typeof PACK_TIERS)[number];

/** The tier of a pack costing `priceCents` (see {@link PACK_TIERS}). */
export function packTier(priceCents: number): PackTier {
  if (priceCents >= 50_000) return "vault";
  return priceCents >= 10_000 ? "premium" : "standard";
}

/** The pack art's intrinsic size: app/.server/art/pack-art.ts draws on this view box. */
export const PACK_ART_WIDTH = 300;
export const PACK_ART_HEIGHT = 480;

/**
 * Where the wrapper's "tear here" line runs, as a fraction of its height: the opening dialog
 * tears the strip above it away (components/packs/pack-opening-stage.tsx).
 */
export const PACK_TEAR_LINE = 0.125;

/** Bounds of the pack art's query, shared by the URL builder and the `/art/pack.svg` validator. */
export const PACK_ART_LIMITS = { nameMax: 60, categoryMax: 30 } as const;

/** Text cut to `max` characters at most, with an ellipsis when cut. */
function bounded(text: string, max: number): string {
  const trimmed = text.trim();
  return trimmed.length <= max ? trimmed : `${trimmed.slice(0, max - 1).trimEnd()}\u2026`;
}

/**
 * The URL of a pack's generated foil wrapper (`/art/pack.svg`, answered by routes/art.pack.ts).
 * Name and category are cut to the route's bounds, so any pack gets a valid URL; the tier
 * comes from the price.
 */
export function packArtUrl({ name, category, priceCents }: PackArt): string {
  const query = new URLSearchParams({
    name: bounded(name, PACK_ART_LIMITS.nameMax) || "Mystery Pack",
    category: bounded(category, PACK_ART_LIMITS.categoryMax) || "Packs",
    tier: packTier(priceCents),
  });
  return `/art/pack.svg?${query}`;
}

/**
 * A pack's picture: the image link an admin set before packs took uploads, when it is https,
 * else the generated wrapper. An `http:` link is never loaded (its host would see every
 * viewer; not upgraded either, the https address may not exist), as for listings
 * (docs/decisions/025-photo-uploads.md).
 */
export function packImageSrc(pack: PackArt & { imageUrl: string | null }): string {
  return pack.imageUrl?.startsWith("https://") ? pack.imageUrl : packArtUrl(pack);
}

/** Alt text naming the pack: "Kanto Starter Pack, a sealed Pokemon pack". */
export function packAltText({ name, category }: Pick<PackArt, "name" | "category">): string {
  return `${name}, a sealed ${category} pack`;
}
