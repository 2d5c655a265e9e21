import { TRADING_CARDS } from "./products/trading-cards";
import { FIGURINES } from "./products/figurines";
import { COMICS } from "./products/comics";
import { COLLECTIBLES } from "./products/collectibles";
import { MEMORABILIA } from "./products/memorabilia";

export const SEED_CATEGORIES = [
  { name: "Trading Cards", description: "Graded and raw singles from Pokemon, MTG and sports." },
  { name: "Figurines", description: "Statues, vinyl and action figures, boxed and loose." },
  { name: "Comics", description: "Key issues, first appearances and slabbed books." },
  { name: "Collectibles", description: "Pins, coins, sealed product and curiosities." },
  { name: "Memorabilia", description: "Signed and game-used pieces with certificates." },
] as const;

/** Every seeded product, category by category; a product's id is its place in this list. */
export const SEED_PRODUCTS = [
  ...TRADING_CARDS,
  ...FIGURINES,
  ...COMICS,
  ...COLLECTIBLES,
  ...MEMORABILIA,
];

/**
 * The spec's three events (docs/product/catalogue.md: names, hours and order kept), dated relative
 * to the first start so that a new shop always has one that has just ended and two coming up:
 * `dayOffset` days after the seed's store-local day, `start`-`end` on the store's clock
 * (America/New_York). A past event shows 'This event has ended' and takes no registrations.
 */
export const SEED_EVENTS = [
  {
    title: "Monthly Card Show",
    dayOffset: -9,
    start: "10:00",
    end: "18:00",
    description:
      "Dozens of vendor tables with graded cards, sealed product and a free grading clinic.",
  },
  {
    title: "Pokemon Tournament",
    dayOffset: 5,
    start: "14:00",
    end: "20:00",
    description: "A Swiss-round Standard-format tournament with booster prizes for the top eight.",
  },
  {
    title: "Holiday Collectibles Fair",
    dayOffset: 23,
    start: "12:00",
    end: "19:00",
    description: "Holiday gifts, trade tables and live pack openings for collectors of every age.",
  },
] as const;

/** Demo history for Latest Sales: minutes before the seed, price in dollars (spec: 5-150 min, $185-$12,500). */
export const SEED_SALES = [
  { cardName: "Charizard", category: "Pokemon", rarity: "legendary", price: 12500, minutesAgo: 5 },
  { cardName: "Black Lotus", category: "MTG", rarity: "legendary", price: 8400, minutesAgo: 18 },
  {
    cardName: "LeBron James Rookie",
    category: "Basketball",
    rarity: "rare",
    price: 2300,
    minutesAgo: 34,
  },
  {
    cardName: "Darth Vader Foil",
    category: "Star Wars",
    rarity: "uncommon",
    price: 420,
    minutesAgo: 57,
  },
  {
    cardName: "Spider-Man First Look",
    category: "Comics",
    rarity: "rare",
    price: 1150,
    minutesAgo: 80,
  },
  { cardName: "Pikachu Promo", category: "Pokemon", rarity: "common", price: 185, minutesAgo: 112 },
  { cardName: "Blastoise", category: "Pokemon", rarity: "rare", price: 960, minutesAgo: 150 },
] as const;
