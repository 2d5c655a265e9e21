import { CarouselControls } from "./carousel-controls";
import { useEffect, useState, type CSSProperties } from "react";
import { usePrefersReducedMotion } from "~/lib/use-reduced-motion";
import { Link } from "react-router";
import { SlabImage } from "~/components/cards/slab-image";
import type { SlabCard } from "~/lib/art/slab-card";
import { Button } from "~/components/ui/button";
import { isRotationControl } from "./rotation-toggle";

/** docs/product/catalogue.md: advance every 3000 ms; side cards at scale 0.75 and opacity 0.4. */
const ADVANCE_MS = 3000;
const SIDE_SCALE = 0.75;
const SIDE_OPACITY = 0.4;

type Position = "center" | "side" | "hidden";

/**
 * Where slide `index` sits relative to the active one: 0 is the centre, -1 and +1 the visible
 * sides, anything further is parked out of sight (six slides: -2 ... 3). Wrapping falls out of
 * the modulo, so 5 -> 0 moves every card one place like any other step.
 */
function offsetFrom(active: number, index: number, count: number): number {
  const ahead = (index - active + count) % count;
  return ahead > count / 2 ? ahead - count : ahead;
}

/**
 * The slide's place on the stage, as a pure function of the offset, so the server renders
 * the same first frame the browser hydrates (no measuring, no layout jump). Percentages of
 * translateX are of the slide's own width.
 */
function slideStyle(offset: number): { position: Position; style: CSSProperties } {
  if (offset === 0) {
    return {
      position: "center",
      style: { transform: "translateX(-50%) scale(1)", opacity: 1, zIndex: 2 },
    };
  }
  const side = Math.sign(offset);
  if (Math.abs(offset) === 1) {
    return {
      position: "side",
      style: {
        transform: `translateX(calc(-50% + ${side * 88}%)) scale(${SIDE_SCALE})`,
        opacity: SIDE_OPACITY,
        zIndex: 1,
      },
    };
  }
  return {
    position: "hidden",
    style: {
      transform: `translateX(calc(-50% + ${side * 150}%)) scale(0.5)`,
      opacity: 0,
      zIndex: 0,
    },
  };
}

/**
 * The home hero carousel (docs/product/catalogue.md): three slabs visible, the centre
 * one with 'Grab a pack'; it advances every 3 s and wraps, pauses while the stage is hovered
 * or a control has focus, and does not advance under prefers-reduced-motion unless the visitor
 * presses play. Follows the WAI-ARIA carousel pattern: slides are groups "n of 6", and the
 * announcement region is polite only while the carousel is not rotating.
 */
export function HeroCarousel({ cards }: { cards: SlabCard[] }) {
  const count = cards.length;
  const [active, setActive] = useState(0);
  /** The visitor's choice from the play/pause button; null = the default for their motion preference. */
  const [playChoice, setPlayChoice] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const playing = playChoice ?? !reducedMotion;
  const rotating = playing && !hovered && !focused;

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => setActive((a) => (a + 1) % count), ADVANCE_MS);
    return () => window.clearTimeout(timer);
  }, [rotating, active, count]);

  const go = (step: number) => setActive((a) => (a + step + count) % count);
  const current = cards[active];

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured graded cards"
      data-active-index={active}
      data-rotating={rotating}
      className="relative"
      // Focus on the play/pause button itself does not pause: pressing play must start it.
      onFocus={(event) => setFocused(!isRotationControl(event.target))}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <div
        className="relative -mx-4 h-[calc(var(--slab-w)*1.6+3.5rem)] overflow-hidden [--slab-w:11.5rem] sm:mx-0 sm:[--slab-w:13rem] lg:[--slab-w:15rem]"
        onPointerEnter={() => setHovered(true)}
        onPointerLeave={() => setHovered(false)}
      >
        {cards.map((card, index) => {
          const { position, style } = slideStyle(offsetFrom(active, index, count));
          const isCenter = position === "center";
          return (
            <div
              key={card.cert}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${count}`}
              aria-hidden={position === "hidden" || undefined}
              inert={position === "hidden"}
              data-active={isCenter}
              data-position={position}
              style={style}
              // `.hero-slab` (app.css); a hidden slide is made invisible there by its data-position.
              className="hero-slab"
            >
              {/* Only the slide in front is the page's largest paint: the server preloads
                  only its image, and the others load lazily, after the first paint (eager,
                  they held Chromium's first paint back by a second or two:
                  docs/decisions/064-one-eager-image-above-the-fold.md). */}
              <SlabImage
                card={card}
                fetchPriority={isCenter ? "high" : "low"}
                loading={isCenter ? "eager" : "lazy"}
              />
              <Button asChild>
                <Link to="/packs">Grab a pack</Link>
              </Button>
            </div>
          );
        })}
      </div>

      <CarouselControls
        labels={["Previous card", "Next card"]}
        onStep={go}
        playing={playing}
        onPlayingChange={setPlayChoice}
      >
        <div className="hero-dots">
          {cards.map((card, index) => (
            <button
              key={card.cert}
              type="button"
              onClick={() => setActive(index)}
              aria-label={`Show ${card.name}, slide ${index + 1} of ${count}`}
              aria-current={index === active || undefined}
            >
              <span />
            </button>
          ))}
        </div>
      </CarouselControls>

      <p className="sr-only" aria-live={rotating ? "off" : "polite"} aria-atomic="true">
        {current ? `Slide ${active + 1} of ${count}: ${current.name}` : ""}
      </p>
    </section>
  );
}
