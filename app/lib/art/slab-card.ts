import type { CardRarity } from "~/lib/domain/rarity";

/** PackVault's own (fictional) grading service, printed on every slab label. */
export const GRADER = "PVG";
export const GRADER_NAME = "PackVault Grading";

/** What a graded slab shows. `grade` is 1.0-10.0 in tenths; `cert` is 6-10 digits. */
export type SlabCard = {
  name: string;
  category: string;
  rarity: CardRarity;
  grade: number;
  cert: string;
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
    cert: card.cert,
  });
  return `/art/slab.svg?${query}`;
}

/** Alt text for a slab: "Charizard, graded 10.0 by PVG, cert 10482213". */
export function slabAltText(card: SlabCard): string {
  return `${card.name}, graded ${formatGrade(card.grade)} by ${GRADER}, cert ${card.cert}`;
}
