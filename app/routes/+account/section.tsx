import type { ReactNode } from "react";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/lib/cn";

/** A titled card of the /account page; `danger` outlines it for irreversible actions. */
export function Section({
  id,
  title,
  description,
  danger,
  actions,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  danger?: boolean;
  /** Shown beside the title (a status badge). */
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={cn("bg-surface rounded-xl border p-5 sm:p-6", danger && "border-danger/60")}
    >
      <div className="mb-4 flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 space-y-1">
          <h2 id={`${id}-title`} className={cn("text-lg font-semibold", danger && "text-danger")}>
            {title}
          </h2>
          {description ? <p className="text-muted-foreground text-sm">{description}</p> : null}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}

const POSITIVE =
  "border-green-300 bg-green-100 text-green-800 dark:border-green-500/50 dark:bg-green-400/15 dark:text-green-200";

/** A small state label: green when `positive` (verified, on, this device), neutral otherwise. */
export function StatusBadge({ positive, children }: { positive: boolean; children: ReactNode }) {
  return <Badge className={positive ? POSITIVE : undefined}>{children}</Badge>;
}
