import { seededNumber, seededPick } from "./svg";

/** The design of a card's picture, picked from its name's hash (docs/decisions/026-art-and-demo-shop.md). */

/** Colours of one palette: sky (light, dark), body, accent and ink (outlines). */
export type Palette = {
  id: string;
  sky: [string, string];
  body: string;
  accent: string;
  ink: string;
};

const P = (id: string, light: string, dark: string, body: string, accent: string, ink: string) =>
  ({ id, sky: [light, dark], body, accent, ink }) satisfies Palette;

/** Palettes grouped by the element a name evokes; a name outside every element may get any. */
const PALETTES = {
  fire: [
    P("ember", "#fde68a", "#b91c1c", "#f97316", "#fde047", "#450a0a"),
    P("magma", "#fecaca", "#7f1d1d", "#dc2626", "#fb923c", "#3f0d0d"),
    P("sunset", "#fed7aa", "#9a3412", "#ea580c", "#facc15", "#431407"),
  ],
  water: [
    P("lagoon", "#cffafe", "#0e7490", "#0891b2", "#a5f3fc", "#083344"),
    P("deep", "#bfdbfe", "#1e3a8a", "#2563eb", "#93c5fd", "#172554"),
    P("ice", "#f0f9ff", "#0369a1", "#7dd3fc", "#e0f2fe", "#0c4a6e"),
  ],
  nature: [
    P("forest", "#dcfce7", "#166534", "#16a34a", "#bef264", "#052e16"),
    P("moss", "#ecfccb", "#3f6212", "#65a30d", "#fde047", "#1a2e05"),
    P("bloom", "#fce7f3", "#9d174d", "#db2777", "#a3e635", "#500724"),
  ],
  shadow: [
    P("dusk", "#e9d5ff", "#3b0764", "#7c3aed", "#f0abfc", "#1e1b4b"),
    P("night", "#c7d2fe", "#0f172a", "#334155", "#f43f5e", "#020617"),
    P("void", "#f5d0fe", "#4a044e", "#a21caf", "#fde047", "#2e1065"),
  ],
  sky: [
    P("dawn", "#fef9c3", "#0ea5e9", "#f8fafc", "#fbbf24", "#0c4a6e"),
    P("storm", "#e2e8f0", "#334155", "#94a3b8", "#facc15", "#0f172a"),
  ],
  metal: [
    P("gilded", "#fef3c7", "#78350f", "#d97706", "#fef08a", "#451a03"),
    P("steel", "#f1f5f9", "#475569", "#64748b", "#38bdf8", "#0f172a"),
  ],
} satisfies Record<string, Palette[]>;
type Element = keyof typeof PALETTES;
const ALL_PALETTES: Palette[] = Object.values(PALETTES).flat();

/** The element a name evokes, by its words (the first match wins). */
const ELEMENT_WORDS: [RegExp, Element][] = [
  [/gengar|vampire|sengir|vader|palpatine|emperor|black|shadow|dark|mew|death|ghost/, "shadow"],
  [/char|fire|flame|blaze|ruby|shivan|dragon|magma|red/, "fire"],
  [/wart|blast|sapphire|aqua|sea|wave|counter|ice|recall/, "water"],
  [/ivy|venu|elves|elf|leaf|lotus|cater|forest|yoda/, "nature"],
  [/pidg|lugia|angel|serra|wing|sky|bird|bolt|lightning|storm/, "sky"],
  [/ring|mox|sol |time|gold|chrome|prizm|refractor|optic|trooper|patch/, "metal"],
];

/** What is drawn: a kind of figure and, for people and creatures, its variant. */
export type FigureKind =
  | "dragon"
  | "bird"
  | "serpent"
  | "spirit"
  | "critter"
  | "beast"
  | "flower"
  | "gem"
  | "ring"
  | "hourglass"
  | "bolt"
  | "sigil"
  | "figure"
  | "athlete"
  | "hero";

/** Figures a name's words ask for (the first match wins); else the category's defaults. */
const KIND_WORDS: [RegExp, FigureKind, string?][] = [
  [/dragon|char|shivan|blaze|flame/, "dragon"],
  [/lugia|pidg|bird|wing/, "bird"],
  [/angel|serra/, "figure", "winged"],
  [/wart|blast|serpent|wave/, "serpent"],
  [/gengar|ghost|vampire|sengir|spirit|mew/, "spirit"],
  [/lotus|ivy|venu|bloom|flower/, "flower"],
  [/mox|gem|jewel/, "gem"],
  [/ring/, "ring"],
  [/time|hour/, "hourglass"],
  [/bolt|lightning|thunder/, "bolt"],
  [/counter|recall|spell|ancestral/, "sigil"],
  [/elves|elf|llanowar/, "figure", "archer"],
  [/vader|emperor|palpatine|kenobi|sith|lord/, "figure", "robed"],
  [/trooper|fett|armou?r|knight/, "figure", "armored"],
  [/yoda|jawa|hermit|sage/, "figure", "hooded"],
  [/gretzky|hockey/, "athlete", "skater"],
  [/brady|mahomes|football/, "athlete", "thrower"],
  // Basketball stars and card lines, also on a shop product filed under "Trading Cards".
  [/jordan|doncic|lebron|fleer|prizm/, "athlete", "dunker"],
];

/** What each category draws when the name asks for nothing in particular. */
const CATEGORY_KINDS: Record<string, [FigureKind, string[]]> = {
  pokemon: ["critter", ["round", "pointy", "long"]],
  "trading cards": ["critter", ["round", "pointy", "long"]],
  mtg: ["beast", ["horned", "maned", "tusked"]],
  sports: ["athlete", ["batter", "pitcher"]],
  basketball: ["athlete", ["dunker", "shooter"]],
  comics: ["hero", ["caped", "masked", "winged"]],
  "star wars": ["figure", ["pilot", "adventurer", "hooded"]],
};
const OTHER_KINDS: [FigureKind, string[]] = ["beast", ["horned", "maned"]];

/** Backdrops behind the figure. */
const BACKDROPS = ["rays", "rings", "horizon", "stars", "dots"] as const;

/** Everything that tells one card's design from another's. */
export type CardDesign = {
  kind: FigureKind;
  variant: string;
  palette: Palette;
  backdrop: (typeof BACKDROPS)[number];
  /** Figure size, 0.85-1.15 of the window. */
  scale: number;
  /** Horizontal offset of the figure in window units (-12..12). */
  shift: number;
  mirrored: boolean;
};

/** The design of a card named `name` in `category`: a pure function of both. */
export function cardDesign(name: string, category: string): CardDesign {
  const words = name.toLowerCase();
  const element = ELEMENT_WORDS.find(([re]) => re.test(words))?.[1];
  const palette = element
    ? seededPick(name, PALETTES[element], "palette")
    : seededPick(name, ALL_PALETTES, "palette");
  const asked = KIND_WORDS.find(([re]) => re.test(words));
  const [defaultKind, variants] = CATEGORY_KINDS[category.trim().toLowerCase()] ?? OTHER_KINDS;
  const kind = asked?.[1] ?? defaultKind;
  const variant = asked?.[2] ?? seededPick(name, asked ? ["a", "b"] : variants, "variant");
  return {
    kind,
    variant,
    palette,
    backdrop: seededPick(name, BACKDROPS, "backdrop"),
    scale: 0.85 + seededNumber(name, 31, "scale") / 100,
    shift: seededNumber(name, 25, "shift") - 12,
    mirrored: seededNumber(name, 2, "mirror") === 1,
  };
}
