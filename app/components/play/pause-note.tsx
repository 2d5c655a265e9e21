import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import { Time } from "~/components/ui/time";
import { cn } from "~/lib/cn";

/**
 * 'You are taking a break until <time>' (or 'You have excluded yourself until <time>'), in the
 * viewer's zone, with a link to the Limits tab: shown where a pack or buy prompt would be.
 */
export function PauseNote({
  pause,
}: {
  pause: { kind: "break" | "exclusion"; until: Date | string };
}) {
  return (
    <div role="status" className="bg-surface-2 space-y-1 rounded-lg px-4 py-3 text-sm">
      <p className="flex items-start gap-2 font-medium">
        <Icon name="calendar-days" className="text-accent mt-0.5 size-4 shrink-0" />
        <span>
          {pause.kind === "break"
            ? "You are taking a break until "
            : "You have excluded yourself until "}
          <Time value={pause.until} />
        </span>
      </p>
      <p className="text-muted-foreground">
        Packs, purchases and offers open again then.{" "}
        <Link
          to="/account?tab=limits"
          className="text-foreground font-medium underline underline-offset-4"
        >
          Your limits
        </Link>
      </p>
    </div>
  );
}

/**
 * The short form of {@link PauseNote} for a card's prompt (the home page's pack row): 'On a
 * break until <time>' (or 'Excluded until <time>'), linking to the Limits tab.
 */
export function PausedUntil({
  pause,
  className,
}: {
  pause: { kind: "break" | "exclusion"; until: Date | string };
  className?: string;
}) {
  return (
    <div role="status" className={cn("text-muted-foreground text-xs", className)}>
      <Link to="/account?tab=limits" className="underline underline-offset-4">
        {pause.kind === "break" ? "On a break until " : "Excluded until "}
        <Time value={pause.until} />
      </Link>
    </div>
  );
}
