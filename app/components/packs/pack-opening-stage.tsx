import { useEffect, useRef } from "react";
import { SlabImage } from "~/components/cards/slab-image";
import { slabCardOf } from "~/lib/art/slab-card";
import { cn } from "~/lib/cn";
import { PACK_TEAR_LINE } from "~/lib/art/pack-art";
import { PackImage } from "./pack-image";
import type { OpeningPack, OpeningStage } from "./use-pack-opening";
import type { PullJson } from "./open-pack";

/** The slab a pull shows: its card's name, pack category, rarity, grade and cert number. */
export function pulledSlab(pull: PullJson) {
  return slabCardOf(pull.card);
}

/** A shake that grows over the 2 s opening, then repeats at full strength while waiting. */
function shakeFrames(): Keyframe[] {
  const steps = 20;
  return Array.from({ length: steps + 1 }, (_, i) => {
    const strength = i === 0 || i === steps ? 0 : 0.35 + (0.65 * i) / steps;
    const side = i % 2 ? 1 : -1;
    return {
      transform: `translate(${side * 5 * strength}px, ${-3 * strength}px) rotate(${side * 3.5 * strength}deg) scale(${1 + 0.04 * strength})`,
    };
  });
}

const tearPercent = `${PACK_TEAR_LINE * 100}%`;

/**
 * The sealed pack on the opening stage, and its tearing on the revealing stage (spec: about 2 s
 * of animation): the wrapper shakes harder and harder; then the strip above its "tear here" line
 * flies off, the wrapper drops away and the slab rises out of it. Drawn with the Web Animations
 * API (nothing to add to the stylesheet); under prefers-reduced-motion nothing moves.
 */
export function PackOpeningStage({
  pack,
  stage,
  pull,
  reducedMotion,
}: {
  pack: OpeningPack;
  stage: Exclude<OpeningStage, "revealed">;
  pull: PullJson | null;
  reducedMotion: boolean;
}) {
  const wrapper = useRef<HTMLDivElement>(null);
  const strip = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const slab = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (reducedMotion) return;
    const running: (Animation | undefined)[] = [];
    if (stage === "opening") {
      running.push(
        wrapper.current?.animate(shakeFrames(), { duration: 2000, iterations: Infinity }),
      );
    } else {
      const ease = "cubic-bezier(0.2, 0.8, 0.2, 1)";
      const options = { fill: "forwards" } as const;
      running.push(
        strip.current?.animate(
          [
            { transform: "none", opacity: 1 },
            { transform: "translate(30%, -160%) rotate(24deg)", opacity: 0 },
          ],
          { ...options, duration: 550, easing: "ease-in" },
        ),
        slab.current?.animate(
          [
            { transform: "scale(0.92)", opacity: 1 },
            { transform: "translateY(-24%) scale(0.95)", opacity: 1, offset: 0.5 },
            { transform: "none", opacity: 1 },
          ],
          { ...options, duration: 1000, easing: ease },
        ),
        body.current?.animate(
          [
            { transform: "none", opacity: 1 },
            { transform: "translateY(30%) scale(0.95)", opacity: 0 },
          ],
          { ...options, duration: 500, delay: 450, easing: "ease-in" },
        ),
      );
    }
    return () => running.forEach((animation) => animation?.cancel());
  }, [stage, reducedMotion]);

  const torn = stage === "revealing";
  return (
    <div className="relative mx-auto w-44 sm:w-52" aria-hidden="true">
      <div
        className={cn(
          "absolute inset-[-15%] rounded-full bg-[radial-gradient(circle,color-mix(in_oklch,var(--accent)_45%,transparent),transparent_65%)]",
          !reducedMotion && "animate-pulse",
        )}
      />
      {torn && pull ? (
        <div
          ref={slab}
          className={cn("absolute inset-0 z-0 flex items-center", !reducedMotion && "opacity-0")}
        >
          <SlabImage card={pulledSlab(pull)} className="w-full drop-shadow-2xl" />
        </div>
      ) : null}
      <div ref={wrapper} className="relative z-10">
        <div ref={strip} style={{ clipPath: `inset(0 0 calc(100% - ${tearPercent}) 0)` }}>
          <PackImage pack={pack} alt="" loading="eager" className="w-full drop-shadow-xl" />
        </div>
        <div
          ref={body}
          className="absolute inset-0"
          style={{ clipPath: `inset(${tearPercent} 0 0 0)` }}
        >
          <PackImage pack={pack} alt="" loading="eager" className="w-full drop-shadow-xl" />
        </div>
      </div>
    </div>
  );
}
