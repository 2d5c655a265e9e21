/**
 * How long is left until `deadline`, counted from `now` (pass the loader's `now` so the server
 * and the browser agree): "23h 59m left", "45m left", "less than a minute left", "expired".
 */
export function formatTimeLeft(deadline: Date, now: Date): string {
  const minutes = Math.floor((deadline.getTime() - now.getTime()) / 60_000);
  if (deadline.getTime() <= now.getTime()) return "expired";
  if (minutes < 1) return "less than a minute left";
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours}h ${minutes % 60}m left` : `${minutes}m left`;
}
