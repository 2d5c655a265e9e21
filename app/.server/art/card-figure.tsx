import type { ReactElement } from "react";
import { type CardDesign, type FigureKind, cardDesign, type Palette } from "./card-design";
import { type Paint, starPath } from "./figure-paint";
import { Dragon, Bird, Serpent, Spirit, Critter, Beast } from "./figures-creatures";
import { Flower, Gem, Ring, Hourglass, Bolt, Sigil } from "./figures-objects";
import { Figure, Athlete, Hero } from "./figures-people";
import { r1, seededNumber } from "./svg";

/**
 * The generated picture on a card (docs/decisions/026-art-and-demo-shop.md): a figure evocative of
 * the card's name (a winged reptile for a fire name, a flower for a lotus, a batter for a
 * baseball card), a palette from the name's element, and a composition (backdrop, size,
 * placement, facing), all picked from the name's hash so the same name always draws the same
 * card. The figures are our own generic silhouettes: no character's look is copied.
 */

const FIGURES: Record<FigureKind, (paint: Paint) => ReactElement> = {
  dragon: Dragon,
  bird: Bird,
  serpent: Serpent,
  spirit: Spirit,
  critter: Critter,
  beast: Beast,
  flower: Flower,
  gem: Gem,
  ring: Ring,
  hourglass: Hourglass,
  bolt: Bolt,
  sigil: Sigil,
  figure: Figure,
  athlete: Athlete,
  hero: Hero,
};

/** The backdrop of a `w` x `h` window, behind the figure. */
function Backdrop({
  kind,
  p,
  w,
  h,
}: {
  kind: CardDesign["backdrop"];
  p: Palette;
  w: number;
  h: number;
}) {
  const cx = w / 2;
  const cy = h / 2;
  switch (kind) {
    case "rays":
      return (
        <g fill="#fff" opacity="0.2">
          {Array.from({ length: 12 }, (_, i) => (
            <path
              key={i}
              d={`M${cx} ${cy} l-14 -${w} h28 Z`}
              transform={`rotate(${i * 30} ${cx} ${cy})`}
            />
          ))}
        </g>
      );
    case "rings":
      return (
        <g fill="none" stroke="#fff" opacity="0.25" strokeWidth="6">
          {[30, 60, 90, 120].map((radius) => (
            <circle key={radius} cx={cx} cy={cy} r={radius} />
          ))}
        </g>
      );
    case "horizon":
      return (
        <>
          <circle cx={cx + w / 4} cy={h * 0.42} r={h / 6} fill={p.accent} opacity="0.7" />
          <path
            d={`M0 ${h * 0.72} L${w * 0.25} ${h * 0.55} L${w * 0.45} ${h * 0.68} L${w * 0.7} ${h * 0.5} L${w} ${h * 0.7} V${h} H0 Z`}
            fill={p.ink}
            opacity="0.35"
          />
        </>
      );
    case "stars":
      return (
        <g fill="#fff" opacity="0.7">
          {[
            [0.12, 0.2],
            [0.3, 0.1],
            [0.82, 0.16],
            [0.9, 0.5],
            [0.16, 0.7],
            [0.7, 0.86],
            [0.5, 0.08],
          ].map(([x, y], i) => (
            <path
              key={i}
              d={starPath(4 + (i % 3) * 2, 1.2, 4)}
              transform={`translate(${r1(x! * w)} ${r1(y! * h)})`}
            />
          ))}
        </g>
      );
    case "dots":
      return (
        <>
          <defs>
            <pattern id="halftone" width="10" height="10" patternUnits="userSpaceOnUse">
              <circle cx="5" cy="5" r="2" fill="#fff" opacity="0.35" />
            </pattern>
          </defs>
          <rect width={w} height={h} fill="url(#halftone)" />
        </>
      );
  }
}

/**
 * The card's picture in a `w` x `h` window at (x, y): sky gradient, backdrop and figure.
 * Uses the gradient id "sky", so one document holds one CardArt.
 */
export function CardArt({
  name,
  category,
  x,
  y,
  w,
  h,
}: {
  name: string;
  category: string;
  x: number;
  y: number;
  w: number;
  h: number;
}) {
  const design = cardDesign(name, category);
  const { palette: p } = design;
  const Draw = FIGURES[design.kind];
  const scale = r1((Math.min(w, h) / 100) * design.scale * 10) / 10;
  const facing = design.mirrored ? -1 : 1;
  return (
    <g transform={`translate(${x} ${y})`}>
      <defs>
        <radialGradient id="sky" cx="0.5" cy="0.4" r="0.8">
          <stop offset="0" stopColor={p.sky[0]} />
          <stop offset="1" stopColor={p.sky[1]} />
        </radialGradient>
        <clipPath id="window">
          <rect width={w} height={h} rx="4" />
        </clipPath>
      </defs>
      <rect width={w} height={h} rx="4" fill="url(#sky)" stroke={p.ink} strokeWidth="2" />
      <g clipPath="url(#window)">
        <Backdrop kind={design.backdrop} p={p} w={w} h={h} />
        <g
          transform={`translate(${r1(w / 2 + design.shift)} ${r1(h / 2 + 4)}) scale(${scale * facing} ${scale})`}
        >
          <Draw p={p} v={design.variant} n={(salt, modulo) => seededNumber(name, modulo, salt)} />
        </g>
      </g>
    </g>
  );
}
