import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/**
 * A card of the /wallet page (Add funds, Withdraw funds, Your withdrawals): its h2, with an
 * icon when given (`id`-title labels the card), a lead line under it when given, then `children`.
 */
export function WalletCard({
  id,
  icon: Icon,
  title,
  lead,
  children,
}: {
  id: string;
  icon?: LucideIcon;
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="bg-surface rounded-xl border p-5 sm:p-6">
      <h2
        id={`${id}-title`}
        className={Icon ? "flex items-center gap-2 text-lg font-semibold" : "text-lg font-semibold"}
      >
        {Icon ? <Icon className="text-accent size-5" aria-hidden="true" /> : null}
        {title}
      </h2>
      {lead ? <p className="text-muted-foreground mt-1 text-sm">{lead}</p> : null}
      {children}
    </section>
  );
}
