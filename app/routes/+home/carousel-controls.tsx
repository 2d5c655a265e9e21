import { Icon } from "~/components/ui/icon";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { RotationToggle } from "./rotation-toggle";

/**
 * The controls under a home page carousel (the hero, the pack row): the previous and next
 * buttons (`labels`, e.g. 'Previous card' and 'Next card'; `onStep` gets -1 or 1), anything
 * between them (`children`: the hero's slide dots), then the pause/play button (WCAG 2.2.2).
 */
export function CarouselControls({
  labels,
  onStep,
  playing,
  onPlayingChange,
  children,
}: {
  labels: readonly [previous: string, next: string];
  onStep: (step: -1 | 1) => void;
  playing: boolean;
  onPlayingChange: (playing: boolean) => void;
  children?: ReactNode;
}) {
  return (
    <div className="mt-3 flex items-center justify-center gap-1">
      <Button variant="ghost" size="icon" onClick={() => onStep(-1)} aria-label={labels[0]}>
        <Icon name="chevron-left" className="size-5" />
      </Button>
      {children}
      <Button variant="ghost" size="icon" onClick={() => onStep(1)} aria-label={labels[1]}>
        <Icon name="chevron-right" className="size-5" />
      </Button>
      <RotationToggle playing={playing} onPlayingChange={onPlayingChange} />
    </div>
  );
}
