import type { CardRarity } from "~/lib/domain/rarity";
import type { Grader } from "~/lib/slabs";

/**
 * The label of a card issued before packs drew real slabs (docs/design.md "Inventory (real slabs)"):
 * PackVault's own mark, never a grader's, and no cert.
 */
export const GRADER = "PV";
export const GRADER_NAME = "PackVault";

/** Each grader's full name, as the slab label prints it. */
export const GRADER_NAMES: Record<Grader, string> = {
  PSA: "Professional Sports Authenticator",
  BGS: "Beckett Grading Services",
  CGC: "Certified Guaranty Company",
  SGC: "Sportscard Guaranty",
};

/**
 * What a graded slab shows. `grade` is 1.0-10.0 in tenths; `grader` and `cert` (6-10 digits)
 * are the physical slab's, both null for a card issued before inventory-backed packs.
 */
export type SlabCard = {
  name: string;
  category: string;
  rarity: CardRarity;
  grade: number;
  grader: Grader | null;
  cert: string | null;
};

/** The slab art's intrinsic size: app/.server/art/slab-art.ts draws on this view box. */
export const SLAB_WIDTH = 300;
export const SLAB_HEIGHT = 480;

/** Bounds of the slab art's query, shared by the URL builder and the `/art/slab.svg` validator. */
export const SLAB_LIMITS = {
  nameMax: 40,
  categoryMax: 30,
  gradeMin: 1,
  gradeMax: 10,
  certPattern: /^\d{6,10}$/,
} as const;

/** A grade to one decimal, as graders print it: 10 -> "10.0", 9.5 -> "9.5". */
export function formatGrade(grade: number): string {
  return grade.toFixed(1);
}

/** The URL of the card's generated slab art (`/art/slab.svg`, answered by routes/art.slab.ts). */
export function slabImageUrl(card: SlabCard): string {
  const query = new URLSearchParams({
    name: card.name,
    category: card.category,
    rarity: card.rarity,
    grade: formatGrade(card.grade),
    ...(card.grader && card.cert ? { grader: card.grader, cert: card.cert } : {}),
  });
  return `/art/slab.svg?${query}`;
}

/**
 * Alt text for a slab: "Charizard, graded 10.0 by PSA, cert 10482213"; for a card issued before
 * inventory-backed packs "Charizard, graded 10.0, issued before inventory-backed packs".
 */
export function slabAltText(card: SlabCard): string {
  const grade = `${card.name}, graded ${formatGrade(card.grade)}`;
  return card.grader && card.cert
    ? `${grade} by ${card.grader}, cert ${card.cert}`
    : `${grade}, issued before inventory-backed packs`;
}

/**
 * The slab art's fields of a card as the vault, the reveal and the market carry it (its pack
 * category is drawn on the slab; its slab, if any, gives grader and cert).
 */
export function slabCardOf(card: {
  name: string;
  packCategory: string;
  rarity: CardRarity;
  grade: number;
  slab: { grader: Grader; cert: string } | null;
}): SlabCard {
  return {
    name: card.name,
    category: card.packCategory,
    rarity: card.rarity,
    grade: card.grade,
    grader: card.slab?.grader ?? null,
    cert: card.slab?.cert ?? null,
  };
}
