import { BadgeDollarSign, Gem, Vault as VaultIcon, type LucideIcon } from "lucide-react";
import type { Vault } from "~/.server/vault/vault";
import { cn } from "~/lib/cn";
import { formatCents } from "~/lib/money";

/** One summary figure (a `dt` and its `dd`, grouped as a card). */
function Stat({
  icon: Icon,
  label,
  value,
  className,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  className?: string;
}) {
  return (
    <div className={cn("bg-surface min-w-0 rounded-xl border p-4 sm:p-5", className)}>
      <dt className="text-muted-foreground flex items-center gap-2 text-sm">
        <Icon className="text-accent size-4 shrink-0" aria-hidden="true" />
        {label}
      </dt>
      <dd className="mt-1 truncate text-2xl font-bold tabular-nums">{value}</dd>
    </div>
  );
}

/**
 * The vault's summary cards (docs/product/vault.md): Total Value (the vaulted
 * cards at FMV, docs/product/value.md "Portfolio"), Cards in Vault, Active Offers.
 */
export function VaultSummary({ summary }: { summary: Vault["summary"] }) {
  return (
    <section aria-label="Vault summary" className="mb-8">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
        <Stat
          icon={Gem}
          label="Total Value"
          value={formatCents(summary.totalValueCents)}
          className="col-span-2 sm:col-span-1"
        />
        <Stat icon={VaultIcon} label="Cards in Vault" value={String(summary.cardsInVault)} />
        <Stat icon={BadgeDollarSign} label="Active Offers" value={String(summary.activeOffers)} />
      </dl>
    </section>
  );
}
