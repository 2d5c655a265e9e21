import type { ReactElement } from "react";
import { starPath } from "./figure-paint";
import { r1 } from "./svg";

/** One pack-art category's look: three foil colours (light, mid, dark) and an emblem. */
export type Theme = { foil: readonly [string, string, string]; emblem: () => ReactElement };

const STROKE = { stroke: "#0f172a", strokeWidth: 4, strokeLinejoin: "round" as const };

/**
 * A `tips`-pointed star of radii `outer` and `inner` (px) in `fill`, outlined 4 px wide in `ink`
 * with round joins: the seal behind the comics and the mystery emblems.
 */
const StarSeal = (s: { outer: number; inner: number; tips: number; fill: string; ink: string }) => (
  <path
    d={starPath(s.outer, s.inner, s.tips)}
    fill={s.fill}
    stroke={s.ink}
    strokeWidth="4"
    strokeLinejoin="round"
  />
);

/** The emblems, drawn around (0, 0) in about a 150 px box. */
const Egg = () => (
  <>
    <ellipse cy="52" rx="78" ry="16" fill="#0f172a" fillOpacity="0.3" />
    <path
      d="M0 -70 C44 -70 60 10 56 30 C52 60 -52 60 -56 30 C-60 10 -44 -70 0 -70 Z"
      fill="#fef9c3"
      {...STROKE}
    />
    <path
      d="M-20 -40 a12 10 0 1 0 1 0 Z M22 -8 a16 13 0 1 0 1 0 Z M-30 20 a10 8 0 1 0 1 0 Z"
      fill="#22c55e"
    />
    <path d="M-56 10 L-34 0 L-18 14 L0 -2 L18 14 L34 0 L56 10" fill="none" {...STROKE} />
  </>
);

const ManaWheel = () => (
  <>
    <circle r="76" fill="#1e1b4b" fillOpacity="0.55" stroke="#e9d5ff" strokeWidth="3" />
    {["#fef9c3", "#60a5fa", "#1f2937", "#f87171", "#4ade80"].map((colour, i) => {
      const angle = (i * 2 * Math.PI) / 5 - Math.PI / 2;
      return (
        <circle
          key={colour}
          cx={r1(50 * Math.cos(angle))}
          cy={r1(50 * Math.sin(angle))}
          r="22"
          fill={colour}
          stroke="#f8fafc"
          strokeWidth="3"
        />
      );
    })}
    <path d={starPath(18, 8, 4)} fill="#fde68a" />
  </>
);

const Baseball = () => (
  <>
    <circle r="74" fill="none" stroke="#fef3c7" strokeWidth="6" strokeDasharray="10 8" />
    <circle r="60" fill="#f8fafc" {...STROKE} />
    <path
      d="M38 -50 Q14 0 38 50 M-38 -50 Q-14 0 -38 50"
      fill="none"
      stroke="#dc2626"
      strokeWidth="3"
    />
    <path
      d="M34 -50 Q10 0 34 50 M-34 -50 Q-10 0 -34 50"
      fill="none"
      stroke="#dc2626"
      strokeWidth="12"
      strokeDasharray="2 7"
    />
  </>
);

const Planet = () => (
  <>
    <ellipse rx="86" ry="20" fill="none" stroke="#e2e8f0" strokeWidth="6" transform="rotate(-18)" />
    <circle r="50" fill="#d97706" stroke="#0f172a" strokeWidth="3" />
    <circle cx="-14" cy="-14" r="30" fill="#fde68a" opacity="0.5" />
    <path
      d="M-86 0 A86 20 0 0 0 86 0"
      fill="none"
      stroke="#e2e8f0"
      strokeWidth="6"
      transform="rotate(-18)"
    />
    <path d={starPath(10, 3, 4)} transform="translate(62 -58)" fill="#fff" />
    <path d={starPath(7, 2, 4)} transform="translate(-70 50)" fill="#fff" />
  </>
);

const Burst = () => (
  <>
    <StarSeal outer={80} inner={52} tips={14} fill="#facc15" ink="#b91c1c" />
    <text
      y="14"
      fontSize="40"
      fontWeight="900"
      textAnchor="middle"
      fill="#b91c1c"
      stroke="#fff"
      strokeWidth="2"
      paintOrder="stroke"
      transform="rotate(-8)"
    >
      POW!
    </text>
  </>
);

const Basketball = () => (
  <>
    <circle r="64" fill="#f97316" stroke="#431407" strokeWidth="4" />
    <path
      d="M-64 0 H64 M0 -64 V64 M-42 -48 a64 64 0 0 1 0 96 M42 -48 a64 64 0 0 0 0 96"
      fill="none"
      stroke="#431407"
      strokeWidth="4"
    />
  </>
);

const Mystery = () => (
  <>
    <StarSeal outer={74} inner={50} tips={8} fill="#fde68a" ink="#4c1d95" />
    <circle r="40" fill="#4c1d95" />
    <text y="18" fontSize="52" fontWeight="900" textAnchor="middle" fill="#fde68a">
      ?
    </text>
  </>
);

/** One look per pack-art category (docs/product/packs.md), matched case-insensitively. */
const THEMES: Record<string, Theme> = {
  pokemon: { foil: ["#fde047", "#f97316", "#b91c1c"], emblem: Egg },
  mtg: { foil: ["#c4b5fd", "#7c3aed", "#1e1b4b"], emblem: ManaWheel },
  sports: { foil: ["#6ee7b7", "#0d9488", "#134e4a"], emblem: Baseball },
  "star wars": { foil: ["#94a3b8", "#1e293b", "#020617"], emblem: Planet },
  comics: { foil: ["#fef08a", "#ec4899", "#9d174d"], emblem: Burst },
  basketball: { foil: ["#fdba74", "#ea580c", "#7c2d12"], emblem: Basketball },
};
const OTHER: Theme = { foil: ["#ddd6fe", "#8b5cf6", "#3b0764"], emblem: Mystery };

/** The vault tier's black-and-gold foil, whatever the category. */
export const VAULT_FOIL = ["#fde68a", "#b45309", "#0c0a09"] as const;

/** The look of `category`: its own, or the mystery look for a category without art. */
export function packTheme(category: string): Theme {
  return THEMES[category.trim().toLowerCase()] ?? OTHER;
}
