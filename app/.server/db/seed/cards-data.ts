import type { CardRarity } from "~/lib/domain/rarity";
import type { PackCategory } from "~/lib/packs";

/**
 * A catalogue card as seeded: a real-world identity (set, number, year, variant) and the pack
 * tier its slabs are seeded into (docs/decisions/037-slab-within-a-tier.md). `[set, number,
 * name, year, variant?]`.
 */
type Row = [set: string, number: string, name: string, year: number, variant?: string];

const tiers = (t: Record<CardRarity, Row[]>) => t;

/** The seeded catalogue, per pack category and tier (real cards; values are the pools'). */
export const SEED_CARDS: Record<PackCategory, Record<CardRarity, Row[]>> = {
  Pokemon: tiers({
    common: [
      ["Pokemon Base Set", "57", "Pidgey", 1999],
      ["Pokemon Base Set", "61", "Rattata", 1999],
      ["Pokemon Base Set", "45", "Caterpie", 1999],
      ["Pokemon Base Set", "44", "Bulbasaur", 1999],
      ["Pokemon Base Set", "46", "Charmander", 1999],
      ["Pokemon Base Set", "63", "Squirtle", 1999],
      ["Pokemon Base Set", "58", "Pikachu", 1999],
      ["Pokemon Jungle", "60", "Pikachu", 1999],
      ["Pokemon Fossil", "58", "Psyduck", 1999],
      ["Pokemon Base Set", "48", "Diglett", 1999],
    ],
    uncommon: [
      ["Pokemon Base Set", "24", "Charmeleon", 1999],
      ["Pokemon Base Set", "42", "Wartortle", 1999],
      ["Pokemon Base Set", "30", "Ivysaur", 1999],
      ["Pokemon Base Set", "22", "Arcanine", 1999],
      ["Pokemon Jungle", "27", "Snorlax", 1999],
      ["Pokemon Fossil", "15", "Lapras", 1999, "Holo"],
    ],
    rare: [
      ["Pokemon Base Set", "2", "Blastoise", 1999, "Holo"],
      ["Pokemon Base Set", "15", "Venusaur", 1999, "Holo"],
      ["Pokemon Fossil", "5", "Gengar", 1999, "Holo"],
      ["Pokemon Base Set", "10", "Mewtwo", 1999, "Holo"],
      ["Pokemon Base Set", "16", "Zapdos", 1999, "Holo"],
    ],
    legendary: [
      ["Pokemon Base Set", "4", "Charizard", 1999, "Holo"],
      ["Pokemon Base Set", "4", "Charizard", 1999, "1st Edition Holo"],
      ["Pokemon Neo Genesis", "9", "Lugia", 2000, "1st Edition Holo"],
      ["Pokemon Promo", "8", "Ancient Mew", 2000],
    ],
  }),
  MTG: tiers({
    common: [
      ["Alpha", "198", "Llanowar Elves", 1993],
      ["Alpha", "161", "Lightning Bolt", 1993],
      ["Alpha", "54", "Counterspell", 1993],
      ["Revised", "220", "Dark Ritual", 1994],
      ["Revised", "52", "Swords to Plowshares", 1994],
      ["Unlimited", "79", "Giant Growth", 1993],
    ],
    uncommon: [
      ["Alpha", "38", "Serra Angel", 1993],
      ["Alpha", "124", "Sengir Vampire", 1993],
      ["Alpha", "174", "Shivan Dragon", 1993],
      ["Unlimited", "248", "Royal Assassin", 1993],
    ],
    rare: [
      ["Unlimited", "270", "Sol Ring", 1993],
      ["Unlimited", "84", "Time Walk", 1993],
      ["Unlimited", "48", "Ancestral Recall", 1993],
      ["Unlimited", "233", "Mox Jet", 1993],
    ],
    legendary: [
      ["Alpha", "232", "Black Lotus", 1993],
      ["Alpha", "265", "Mox Sapphire", 1993],
      ["Alpha", "264", "Mox Ruby", 1993],
    ],
  }),
  Sports: tiers({
    common: [
      ["Upper Deck", "1", "Ken Griffey Jr.", 1989, "Rookie"],
      ["Bowman's Best", "195", "Derek Jeter", 1995],
      ["Bowman Chrome", "236", "Tom Brady", 2000],
      ["Topps", "414", "Cal Ripken Jr.", 1982, "Traded"],
      ["Topps", "98", "Chipper Jones", 1991],
    ],
    uncommon: [
      ["Bowman Chrome", "BDPP89", "Mike Trout", 2009, "Refractor"],
      ["Panini Prizm", "269", "Patrick Mahomes", 2017],
      ["Topps Chrome", "150", "Shohei Ohtani", 2018],
      ["Topps Chrome", "27", "Aaron Judge", 2017],
    ],
    rare: [
      ["Goudey", "53", "Babe Ruth", 1933],
      ["O-Pee-Chee", "18", "Wayne Gretzky", 1979],
      ["Topps", "311", "Mickey Mantle", 1952],
    ],
    legendary: [
      ["T206", "1", "Honus Wagner", 1909],
      ["Leaf", "79", "Jackie Robinson", 1948],
      ["Play Ball", "26", "Joe DiMaggio", 1939],
    ],
  }),
  "Star Wars": tiers({
    common: [
      ["Topps Star Wars", "1", "Luke Skywalker", 1977],
      ["Topps Star Wars", "17", "Stormtrooper", 1977],
      ["Topps Star Wars", "30", "Jawa", 1977],
      ["Topps Empire Strikes Back", "24", "Rebel Trooper", 1980],
    ],
    uncommon: [
      ["Topps Star Wars", "2", "Han Solo", 1977],
      ["Topps Star Wars", "3", "Princess Leia", 1977],
      ["Topps Star Wars", "4", "Chewbacca", 1977],
    ],
    rare: [
      ["Topps Empire Strikes Back", "1", "Boba Fett", 1980],
      ["Topps Star Wars", "6", "Obi-Wan Kenobi", 1977],
      ["Topps Empire Strikes Back", "136", "Yoda", 1980],
    ],
    legendary: [
      ["Topps Star Wars", "5", "Darth Vader", 1977],
      ["Topps Star Wars", "1", "Luke Skywalker", 1977, "Wax Box Variant"],
      ["Topps Return of the Jedi", "6", "Emperor Palpatine", 1983],
    ],
  }),
  Comics: tiers({
    common: [
      ["Daredevil", "1", "Daredevil #1", 1964, "Reprint"],
      ["Iron Fist", "14", "Iron Fist #14", 1977],
      ["Moon Knight", "1", "Moon Knight #1", 1980],
    ],
    uncommon: [
      ["X-Men", "94", "X-Men #94", 1975],
      ["Spawn", "1", "Spawn #1", 1992],
      ["New Mutants", "98", "New Mutants #98", 1991],
    ],
    rare: [
      ["Giant-Size X-Men", "1", "Giant-Size X-Men #1", 1975],
      ["Incredible Hulk", "181", "Incredible Hulk #181", 1974],
      ["Batman Adventures", "12", "Batman Adventures #12", 1993],
    ],
    legendary: [
      ["Amazing Fantasy", "15", "Amazing Fantasy #15", 1962],
      ["Action Comics", "1", "Action Comics #1", 1938],
      ["Detective Comics", "27", "Detective Comics #27", 1939],
    ],
  }),
  Basketball: tiers({
    common: [
      ["Skybox", "49", "Tim Duncan", 1997],
      ["Topps Chrome", "118", "Dirk Nowitzki", 1998],
      ["Topps", "5", "Kevin Garnett", 1995],
    ],
    uncommon: [
      ["Panini Prizm", "341", "Stephen Curry", 2012],
      ["Topps Chrome", "67", "Giannis Antetokounmpo", 2013],
      ["Donruss Optic", "177", "Luka Doncic", 2018],
    ],
    rare: [
      ["Topps Chrome", "138", "Kobe Bryant", 1996],
      ["Classic", "1", "Shaquille O'Neal", 1992],
      ["Topps Chrome", "111", "LeBron James", 2003],
    ],
    legendary: [
      ["Fleer", "57", "Michael Jordan", 1986, "Rookie"],
      ["Upper Deck Exquisite", "78", "LeBron James", 2003, "Rookie Patch Auto"],
      ["Topps", "55", "Kareem Abdul-Jabbar", 1969, "Rookie"],
    ],
  }),
};
