import { r1 } from "./svg";
import type { Palette } from "./card-design";

/** What a figure is drawn with: its palette, its variant and a seeded number per salt. */
export type Paint = { p: Palette; v: string; n: (salt: string, modulo: number) => number };

/** The ink outline every figure part is drawn with. */
export const outline = (p: Palette) => ({
  stroke: p.ink,
  strokeWidth: 2,
  strokeLinejoin: "round" as const,
});

/** A few points as an SVG path ("M x y L x y ... Z"). */
export function poly(points: [number, number][], close = true): string {
  const [first, ...rest] = points.map(([x, y]) => `${r1(x)} ${r1(y)}`);
  return `M${first} ${rest.map((pt) => `L${pt}`).join(" ")}${close ? " Z" : ""}`;
}

/** A star polygon of `tips` tips around (0, 0). */
export function starPath(outer: number, inner: number, tips: number, turn = 0): string {
  return poly(
    Array.from({ length: tips * 2 }, (_, i) => {
      const radius = i % 2 ? inner : outer;
      const angle = ((turn + (i * 180) / tips) * Math.PI) / 180;
      return [radius * Math.sin(angle), -radius * Math.cos(angle)];
    }),
  );
}

/** An eye with its highlight. */
export const Eye = ({ x, y, r, p }: { x: number; y: number; r: number; p: Palette }) => (
  <>
    <circle cx={x} cy={y} r={r} fill={p.ink} />
    <circle cx={r1(x + r * 0.35)} cy={r1(y - r * 0.35)} r={r1(r * 0.4)} fill="#fff" />
  </>
);
