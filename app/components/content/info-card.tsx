import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "~/lib/cn";
import { Prose } from "./prose";

/** A bordered card with an icon, an h2 title, an optional badge and prose content. */
export function InfoCard({
  icon: Icon,
  title,
  badge,
  className,
  children,
}: {
  icon: LucideIcon;
  title: string;
  badge?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={cn("bg-surface rounded-xl border p-5 sm:p-6", className)}>
      <div className="mb-3 flex items-center gap-3">
        <span className="bg-accent/15 text-accent grid size-10 shrink-0 place-items-center rounded-lg">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <h2 className="min-w-0 text-lg font-semibold">{title}</h2>
        {badge ? <span className="ml-auto shrink-0 whitespace-nowrap">{badge}</span> : null}
      </div>
      <Prose>{children}</Prose>
    </section>
  );
}
