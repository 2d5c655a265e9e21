import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

/**
 * One panel of /pack/{id}/odds (an odds period, the commitment and draw log, the return to
 * player): a surface section titled `title` (its heading's id is `titleId`), with `aside` set
 * beside the title when given, then `children` spaced by `spacing`.
 */
export function OddsPanel({
  titleId,
  title,
  aside,
  spacing = "space-y-4",
  children,
}: {
  titleId: string;
  title: string;
  aside?: ReactNode;
  spacing?: "space-y-2" | "space-y-4";
  children: ReactNode;
}) {
  const heading = (
    <h2 id={titleId} className="text-xl font-bold tracking-tight">
      {title}
    </h2>
  );
  return (
    <section
      aria-labelledby={titleId}
      className={cn("bg-surface rounded-2xl border p-4 sm:p-6", spacing)}
    >
      {aside ? (
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          {heading}
          {aside}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
