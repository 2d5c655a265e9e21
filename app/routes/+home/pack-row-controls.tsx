import type { EmblaCarouselType } from "embla-carousel";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";

/**
 * The pack row's previous, next and pause/play buttons (WCAG 2.2.2, pack-row.tsx); the
 * pause/play button is marked `data-rotation-control` so that focusing it does not pause.
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
      <Button
        variant="ghost"
        size="icon"
        data-rotation-control
        onClick={() => onPlayingChange(!playing)}
        aria-label={playing ? "Pause automatic rotation" : "Start automatic rotation"}
      >
        {playing ? (
          <Icon name="pause" className="size-4" />
        ) : (
          <Icon name="play" className="size-4" />
        )}
      </Button>
    </div>
  );
}
