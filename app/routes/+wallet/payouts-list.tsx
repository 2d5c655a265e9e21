import type { MyPayout } from "~/.server/wallet/withdrawals";
import { Badge } from "~/components/ui/badge";
import { formatCents } from "~/lib/money";
import { Time } from "~/components/ui/time";
import { WalletCard } from "./wallet-card";

/** A withdrawal's status in words. */
const STATUS_LABELS: Record<MyPayout["status"], string> = {
  pending: "Pending approval",
  processing: "Paying out",
  paid: "Paid",
  failed: "Failed, refunded",
  rejected: "Rejected, refunded",
};

/** A payout as it travels from the loader (dates as strings once serialised). */
export type MyPayoutJson = Omit<MyPayout, "createdAt" | "decidedAt"> & {
  createdAt: string | Date;
  decidedAt: string | Date | null;
};

/** The user's latest withdrawals with their status (docs/decisions/009-held-offers-and-payouts.md). */
export function PayoutsList({ payouts }: { payouts: MyPayoutJson[] }) {
  if (payouts.length === 0) return null;
  return (
    <WalletCard id="payouts" title="Your withdrawals">
      <ul className="mt-3 divide-y">
        {payouts.map((payout) => (
          <li key={payout.id} className="flex items-center justify-between gap-3 py-2 text-sm">
            <span>
              <span className="block font-semibold tabular-nums">
                {formatCents(payout.amountCents)}
              </span>
              <span className="text-muted-foreground block text-xs">
                To account ending {payout.accountLast4} · <Time value={payout.createdAt} />
              </span>
            </span>
            <Badge>{STATUS_LABELS[payout.status]}</Badge>
          </li>
        ))}
      </ul>
    </WalletCard>
  );
}
