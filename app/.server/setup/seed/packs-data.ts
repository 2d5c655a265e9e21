import type { PackCardNames, PackCategory, RarityDistribution } from "~/lib/packs";
import { DEFAULT_DISTRIBUTION } from "~/lib/packs";

/**
 * The card names a pack of each category yields, three per rarity (docs/product/packs-and-fairness.md). A pack seeded here copies its category's names; admins may edit them per pack.
 */
export const CARD_NAMES_BY_CATEGORY: Record<PackCategory, PackCardNames> = {
  Pokemon: {
    common: ["Pidgey", "Rattata", "Caterpie"],
    uncommon: ["Charmeleon", "Wartortle", "Ivysaur"],
    rare: ["Blastoise", "Venusaur", "Gengar"],
    legendary: ["Charizard", "Mewtwo", "Lugia"],
  },
  MTG: {
    common: ["Llanowar Elves", "Lightning Bolt", "Counterspell"],
    uncommon: ["Serra Angel", "Sengir Vampire", "Shivan Dragon"],
    rare: ["Sol Ring", "Time Walk", "Ancestral Recall"],
    legendary: ["Black Lotus", "Mox Sapphire", "Mox Ruby"],
  },
  Sports: {
    common: ["Ken Griffey Jr. Base", "Derek Jeter Base", "Tom Brady Base"],
    uncommon: ["Mike Trout Refractor", "Patrick Mahomes Prizm", "Shohei Ohtani Chrome"],
    rare: ["Babe Ruth Reprint Auto", "Wayne Gretzky Rookie", "Mickey Mantle Topps"],
    legendary: ["Honus Wagner T206", "Jackie Robinson Rookie", "Joe DiMaggio Play Ball"],
  },
  "Star Wars": {
    common: ["Stormtrooper", "Jawa", "Rebel Trooper"],
    uncommon: ["Han Solo", "Princess Leia", "Chewbacca"],
    rare: ["Boba Fett", "Obi-Wan Kenobi", "Yoda"],
    legendary: ["Darth Vader", "Luke Skywalker", "Emperor Palpatine"],
  },
  Comics: {
    common: ["Daredevil #1 Reprint", "Iron Fist #14", "Moon Knight #1"],
    uncommon: ["X-Men #94", "Spawn #1", "New Mutants #98"],
    rare: ["Giant-Size X-Men #1", "Incredible Hulk #181", "Batman Adventures #12"],
    legendary: ["Amazing Fantasy #15", "Action Comics #1", "Detective Comics #27"],
  },
  Basketball: {
    common: ["Tim Duncan Base", "Dirk Nowitzki Base", "Kevin Garnett Base"],
    uncommon: ["Stephen Curry Prizm", "Giannis Chrome", "Luka Doncic Optic"],
    rare: ["Kobe Bryant Rookie", "Shaquille O'Neal Rookie", "LeBron James Chrome"],
    legendary: ["Michael Jordan Fleer Rookie", "LeBron James Rookie Patch", "Kareem Rookie"],
  },
};

/**
 * The premium packs' odds (docs/decisions/008-house-edge.md): more rares and legendaries than
 * the default, a return to player of 92.88 % on the buyback.
 */
export const BOOSTED_DISTRIBUTION: RarityDistribution = {
  common: 84,
  uncommon: 10,
  rare: 4.5,
  legendary: 1.5,
};

/**
 * A "shot at the grail" pack (docs/decisions/008-house-edge.md): three times the default's
 * legendaries, paid for with fewer uncommons; a return to player of 91.8 %.
 */
export const LEGENDARY_HUNT_DISTRIBUTION: RarityDistribution = {
  common: 90,
  uncommon: 4,
  rare: 3,
  legendary: 3,
};

type SeedPack = {
  name: string;
  category: PackCategory;
  description: string | null;
  /** Whole US dollars. */
  price: number;
  availableCount: number;
  isActive?: boolean;
  /** DEFAULT_DISTRIBUTION when not given. */
  rarityDistribution?: RarityDistribution;
};

/**
 * docs/product/packs-and-fairness.md: 12+ packs over the six pack-art categories, $25 to $1,000, one sold out
 * and one inactive; one without a description (the spec's fallback shows).
 */
export const SEED_PACKS: (SeedPack & { rarityDistribution: RarityDistribution })[] = (
  [
    {
      name: "Kanto Starter Pack",
      category: "Pokemon",
      price: 25,
      availableCount: 500,
      description: "One graded card from the original 151, every one a PVG slab.",
    },
    {
      name: "Legends of Kanto",
      category: "Pokemon",
      price: 250,
      availableCount: 80,
      description: "A premium Pokemon pack with boosted odds for holo rares.",
      rarityDistribution: BOOSTED_DISTRIBUTION,
    },
    {
      name: "Dominaria Draft Pack",
      category: "MTG",
      price: 35,
      availableCount: 400,
      description: "Classic Magic: The Gathering cards, graded and vaulted.",
    },
    {
      name: "Power Nine Vault",
      category: "MTG",
      price: 1000,
      availableCount: 20,
      description: "The vintage Magic pack: a shot at the Power Nine.",
      rarityDistribution: LEGENDARY_HUNT_DISTRIBUTION,
    },
    {
      name: "Diamond Classics",
      category: "Sports",
      price: 50,
      availableCount: 300,
      description: "Baseball and football icons in graded slabs.",
    },
    {
      name: "Hall of Fame Pack",
      category: "Sports",
      price: 500,
      availableCount: 0,
      description: "Hall of famers only. Restocks on the first of the month.",
    },
    {
      name: "Outer Rim Pack",
      category: "Star Wars",
      price: 30,
      availableCount: 350,
      description: null,
    },
    {
      name: "Sith Lords Pack",
      category: "Star Wars",
      price: 150,
      availableCount: 120,
      description: "The dark side, graded: Vader and the Emperor await.",
    },
    {
      name: "Silver Age Pack",
      category: "Comics",
      price: 40,
      availableCount: 250,
      description: "Slabbed keys from the Silver and Bronze ages.",
    },
    {
      name: "Golden Age Grail Pack",
      category: "Comics",
      price: 750,
      availableCount: 15,
      description: "Golden Age keys: first appearances in graded slabs.",
    },
    {
      name: "Hardwood Rookies",
      category: "Basketball",
      price: 60,
      availableCount: 300,
      description: "Rookie cards of today's stars and tomorrow's legends.",
    },
    {
      name: "Court Kings Pack",
      category: "Basketball",
      price: 300,
      availableCount: 60,
      description: "Jordan, Kobe and LeBron headline this premium basketball pack.",
    },
    {
      name: "Retro Holiday Pack",
      category: "Pokemon",
      price: 45,
      availableCount: 100,
      isActive: false,
      description: "Last winter's holiday pack, retired.",
    },
  ] satisfies SeedPack[]
).map((pack) => ({ ...pack, rarityDistribution: pack.rarityDistribution ?? DEFAULT_DISTRIBUTION }));

/** The starting balance of each seeded demo collector (docs/product/wallet.md "Adding funds"), in cents. */
export const DEMO_STARTING_BALANCE_CENTS = 50_000;
