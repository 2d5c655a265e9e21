import type { EmblaCarouselType } from "embla-carousel";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { RotationToggle } from "./rotation-toggle";

/**
 * The pack row's previous, next and pause/play buttons (WCAG 2.2.2, pack-row.tsx).
 */
export function PackRowControls({
  embla,
  playing,
  onPlayingChange,
}: {
  embla: EmblaCarouselType | undefined;
  playing: boolean;
  onPlayingChange: (playing: boolean) => void;
}) {
  return (
    <div className="mt-3 flex items-center justify-center gap-1">
      <Button
        variant="ghost"
        size="icon"
        onClick={() => embla?.scrollPrev()}
        aria-label="Previous pack"
      >
        <Icon name="chevron-left" className="size-5" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        onClick={() => embla?.scrollNext()}
        aria-label="Next pack"
      >
        <Icon name="chevron-right" className="size-5" />
      </Button>
      <RotationToggle playing={playing} onPlayingChange={onPlayingChange} />
    </div>
  );
}
