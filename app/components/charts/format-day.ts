import { formatInstant } from "~/lib/time";

/**
 * A UTC day's key to its label (a calendar day, the same for every viewer): "2026-11-01" -> "Nov 1".
 * In its own module so a page can label days without loading the charts (recharts).
 */
export const formatDay = (day: string) =>
  formatInstant(`${day}T00:00:00Z`, { timeZone: "UTC", style: "monthDay" });
