import type { SlabCard } from "~/lib/art/slab-card";

/** The home hero's six graded-card mockups (docs/product/catalogue.md), in carousel order. */
export const HERO_CARDS: SlabCard[] = [
  {
    name: "Charizard",
    category: "Pokemon",
    rarity: "legendary",
    grade: 10,
    grader: "PSA",
    cert: "10482213",
  },
  {
    name: "Blastoise",
    category: "Pokemon",
    rarity: "rare",
    grade: 9.5,
    grader: "BGS",
    cert: "10482377",
  },
  {
    name: "Pikachu",
    category: "Pokemon",
    rarity: "rare",
    grade: 10,
    grader: "PSA",
    cert: "10483051",
  },
  {
    name: "Onix",
    category: "Pokemon",
    rarity: "common",
    grade: 8.5,
    grader: "BGS",
    cert: "10483392",
  },
  {
    name: "Snorlax",
    category: "Pokemon",
    rarity: "uncommon",
    grade: 9,
    grader: "PSA",
    cert: "10484126",
  },
  {
    name: "Charmeleon",
    category: "Pokemon",
    rarity: "uncommon",
    grade: 9.5,
    grader: "BGS",
    cert: "10484570",
  },
];
