import type { CardRarity } from "./rarity";
import type { UnlockedAchievement } from "./rewards";
import type { DrawRolls } from "~/lib/fairness";
import type { Cents } from "~/lib/money";
import type { RarityDistribution } from "~/lib/packs";
import type { CardSlab } from "~/lib/slabs";

/** A pack as tiles and the detail page show it. */
export type PackSummary = {
  id: number;
  name: string;
  description: string | null;
  category: string;
  priceCents: Cents;
  availableCount: number;
  imageUrl: string | null;
  rarityDistribution: RarityDistribution;
};

/** What an opening yields, as the dialog reveals it (spec "Pack opening dialog"). */
export type Pull = {
  openingId: number;
  packId: number;
  card: {
    id: number;
    name: string;
    description: string;
    rarity: CardRarity;
    /** 8.0-10.0, one decimal. */
    grade: number;
    condition: string;
    category: string;
    packCategory: string;
    estimatedValueCents: Cents;
    /** The slab's cert; null for a card issued before inventory-backed packs (no slab). */
    certNumber: string | null;
    /** The physical slab pulled (grader, cert, photos); null for a card issued before. */
    slab: CardSlab | null;
  };
  buyback: { offerId: number; amountCents: Cents; expiresAt: Date };
  /** Reward points the opening earned: one per whole dollar of the price (docs/product/rewards.md). */
  pointsEarned: number;
  /** Achievements this opening unlocked. */
  achievements: UnlockedAchievement[];
};

/** One past opening as /fairness lists it, with what the browser needs to recompute it. */
export type VerifiableOpening = {
  openingId: number;
  packName: string;
  createdAt: Date;
  serverSeedHash: string;
  /** Null while the seed pair is still active (the server seed is secret until rotated). */
  serverSeed: string | null;
  clientSeed: string;
  nonce: number;
  /** The pack's odds commitment when opened, and its canonical text (null if unknown). */
  oddsCommitment: string;
  oddsText: string | null;
  rolls: DrawRolls;
  /** The buyback offered with the pull, in cents. */
  buybackCents: number | null;
  /**
   * The stored result; `catalogueCardId` is its slab's catalogue card (its page is
   * `/cards/{id}`), null for a pull from before real slabs.
   */
  card: {
    name: string;
    rarity: CardRarity;
    grade: number;
    estimatedValueCents: number;
    catalogueCardId: number | null;
  };
};
