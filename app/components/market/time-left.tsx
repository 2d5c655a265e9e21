import { useEffect, useState } from "react";
import { Time } from "~/components/ui/time";

/** "2d 4h left", "9m 12s left" or "Ended" for `endsAt` from `now` (milliseconds). */
export function timeLeftLabel(endsAt: Date, now: number): string {
  const ms = endsAt.getTime() - now;
  if (ms <= 0) return "Ended";
  const s = Math.floor(ms / 1000);
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3_600);
  const m = Math.floor((s % 3_600) / 60);
  if (d > 0) return `${d}d ${h}h left`;
  if (h > 0) return `${h}h ${m}m left`;
  return `${m}m ${s % 60}s left`;
}

/**
 * An auction's time left, ticking every second once hydrated (the end itself in a `<time>`
 * beside it); the first render shows only the end, so server and browser agree.
 */
export function TimeLeft({ endsAt }: { endsAt: Date | string }) {
  const end = new Date(endsAt);
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1_000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, []);
  return (
    <span>
      {now === null ? "Ends" : timeLeftLabel(end, now)}
      {" · "}
      <span className="text-muted-foreground">
        ends <Time value={end} />
      </span>
    </span>
  );
}
