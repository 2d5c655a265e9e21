import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

type TitledProps = {
  id: string;
  title: ReactNode;
  lead: ReactNode;
  large?: boolean;
  className?: string;
  children?: ReactNode;
};

/**
 * A bordered card: a {@link TitledSection} on the surface colour with a border and padding
 * (`className` adds to them).
 */
export function TitledCard({ className, ...props }: TitledProps) {
  return <TitledSection className={cn("bg-surface rounded-xl border p-5", className)} {...props} />;
}

/**
 * A section titled by its h2 (`id`-title labels it) with a lead line under the title, then
 * `children`; `large` sets the title at text-xl, `className` lays out the section.
 */
export function TitledSection({
  id,
  title,
  lead,
  large = false,
  className,
  children,
}: TitledProps) {
  return (
    <section aria-labelledby={`${id}-title`} className={className}>
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
