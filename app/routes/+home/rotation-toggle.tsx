import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";

/**
 * The pause/play button of a carousel that rotates by itself (WCAG 2.2.2), for the hero and
 * the pack row. It is marked `data-rotation-control`: focus on it does not pause the rotation
 * (pressing play must start it), which each carousel's `onFocus` checks with `isRotationControl`.
 */
export function RotationToggle({
  playing,
  onPlayingChange,
}: {
  playing: boolean;
  onPlayingChange: (playing: boolean) => void;
}) {
  return (
    <Button
      variant="ghost"
      size="icon"
      data-rotation-control
      onClick={() => onPlayingChange(!playing)}
      aria-label={playing ? "Pause automatic rotation" : "Start automatic rotation"}
    >
      <Icon name={playing ? "pause" : "play"} className="size-4" />
    </Button>
  );
}

/** Whether focus went to a carousel's {@link RotationToggle} (which must not pause it). */
export const isRotationControl = (target: EventTarget): boolean =>
  target instanceof Element && target.closest("[data-rotation-control]") !== null;
