import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

/**
 * A bordered card section titled by its h2 (`id`-title labels it) with a lead line under the
 * title, then `children`; `large` sets the title at text-xl, `className` lays out the card.
 */
export function TitledCard({
  id,
  title,
  lead,
  large = false,
  className,
  children,
}: {
  id: string;
  title: ReactNode;
  lead: ReactNode;
  large?: boolean;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={cn("bg-surface rounded-xl border p-5", className)}
    >
      <div className="space-y-1">
        <h2 id={`${id}-title`} className={cn("font-semibold", large && "text-xl")}>
          {title}
        </h2>
        <p className="text-muted-foreground text-sm">{lead}</p>
      </div>
      {children}
    </section>
  );
}
