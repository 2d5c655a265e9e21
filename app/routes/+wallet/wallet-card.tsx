import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/**
 * A card of the /wallet page (Add funds, Withdraw funds): its h2 with an icon (`id`-title
 * labels the card), a lead line under it, then `children`.
 */
export function WalletCard({
  id,
  icon: Icon,
  title,
  lead,
  children,
}: {
  id: string;
  icon: LucideIcon;
  title: string;
  lead: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="bg-surface rounded-xl border p-5 sm:p-6">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold">
        <Icon className="text-accent size-5" aria-hidden="true" />
        {title}
      </h2>
      <p className="text-muted-foreground mt-1 text-sm">{lead}</p>
      {children}
    </section>
  );
}
