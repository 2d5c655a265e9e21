import { formatInstant, type InstantStyle } from "~/lib/time";
import { useTimeZone } from "~/lib/use-time-zone";

/**
 * A moment on a page, in a `<time dateTime>` element: written in UTC by the server and the
 * first render in the browser, then in the viewer's own zone once the page has hydrated
 * ("Nov 1, 2026, 12:00 PM UTC", then "Nov 1, 2026, 7:00 AM EST"). `style` is one of
 * {@link InstantStyle} (`dateTime` by default, with the zone's name). Every time shown on a
 * page goes through it (docs/decisions/029-times-in-the-viewers-zone.md).
 */
export function Time({
  value,
  style = "dateTime",
  className,
}: {
  value: Date | string | number;
  style?: InstantStyle;
  className?: string;
}) {
  const timeZone = useTimeZone();
  const date = new Date(value);
  return (
    <time dateTime={date.toISOString()} className={className}>
      {formatInstant(date, { timeZone, style })}
    </time>
  );
}
