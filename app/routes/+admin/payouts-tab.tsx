import type { AdminPayout } from "~/.server/admin/payouts";
import { Badge } from "~/components/ui/badge";
import { formatCents } from "~/lib/money";
import { AdminForm, AdminSubmit } from "./admin-form";
import { ConfirmAdminAction } from "./confirm-delete";
import { actionsWhileOpen, centsColumn, emailColumn, timeColumn } from "./admin-columns";
import { AdminPagedSection } from "./admin-paged-section";
import type { AdminColumn } from "./admin-table";
import type { PayoutsTabData } from "./payouts.server";
import type { AdminTabProps } from "./tab-contract";

const STATUS_LABELS: Record<AdminPayout["status"], string> = {
  pending: "Pending",
  processing: "Paying out",
  paid: "Paid",
  failed: "Failed (refunded)",
  rejected: "Rejected (refunded)",
};

const STATUS_STYLES: Partial<Record<AdminPayout["status"], string>> = {
  pending: "border-amber-500/50 bg-amber-500/15 text-foreground",
  paid: "border-emerald-500/50 bg-emerald-500/15 text-foreground",
  failed: "border-danger/60 bg-danger/10 text-foreground",
};

/**
 * Approve and Reject of a pending withdrawal, each posting `decide-payout`: Approve asks first
 * (amount, user, bank account: docs/decisions/044-confirm-before-money-moves.md), Reject (which
 * refunds the wallet) acts at once.
 */
function Decide({ payout }: { payout: AdminPayout }) {
  const amount = formatCents(payout.amountCents);
  return (
    <div className="flex gap-2">
      <ConfirmAdminAction
        intent="decide-payout"
        fields={{ payoutId: payout.id, decision: "approve" }}
        title={`Pay ${amount} to ${payout.userEmail ?? "a deleted user"}?`}
        description={`Withdrawal #${payout.id} is paid through the payment provider to the bank account ${payout.routingNumber} · ••••${payout.accountLast4}. A payout cannot be called back.`}
        trigger={{ "aria-label": `Approve ${amount} #${payout.id}`, children: "Approve" }}
        confirmLabel={`Pay ${amount}`}
        pendingLabel="Paying..."
      />
      <AdminForm
        intent="decide-payout"
        inlineErrors={false}
        fields={{ payoutId: payout.id, decision: "reject" }}
        aria-label={`Reject withdrawal #${payout.id}`}
      >
        <AdminSubmit
          size="sm"
          variant="outline"
          pendingLabel="Rejecting..."
          aria-label={`Reject ${amount} #${payout.id}`}
        >
          Reject
        </AdminSubmit>
      </AdminForm>
    </div>
  );
}

/**
 * Payouts (docs/decisions/009-held-offers-and-payouts.md): every withdrawal, pending first, with
 * its user, amount, bank account (routing number and last four digits) and status. Admins
 * approve (paid through the provider) or reject (refunded to the wallet); the sandbox approves
 * a withdrawal left pending for a minute. Moderators only read.
 */
export function PayoutsTab({ data }: AdminTabProps<PayoutsTabData>) {
  const columns: AdminColumn<AdminPayout>[] = [
    { header: "Withdrawal", cell: (payout) => `#${payout.id}` },
    emailColumn("User", (payout) => payout.userEmail),
    centsColumn("Amount", (payout) => payout.amountCents),
    {
      header: "Bank account",
      cell: (payout) => (
        <span className="font-mono text-xs">
          {payout.routingNumber} · ••••{payout.accountLast4}
        </span>
      ),
    },
    {
      header: "Status",
      cell: (payout) => (
        <span className="block">
          <Badge className={STATUS_STYLES[payout.status]}>{STATUS_LABELS[payout.status]}</Badge>
          {payout.providerReference && payout.status !== "paid" ? (
            <span className="text-muted-foreground mt-1 block text-xs">
              {payout.providerReference}
            </span>
          ) : null}
        </span>
      ),
    },
    timeColumn("Requested", (payout) => payout.createdAt),
  ];
  if (data.canManage) {
    columns.push(
      actionsWhileOpen(
        (payout) => payout.status === "pending",
        (payout) => <Decide payout={payout} />,
        "Decided",
      ),
    );
  }
  return (
    <AdminPagedSection
      title="Payouts"
      description={
        data.canManage
          ? "Withdrawals, pending first. Approving pays the bank account; rejecting returns the amount to the wallet. The sandbox approves a withdrawal left pending for a minute."
          : "Withdrawals, pending first. Read-only."
      }
      search="User email"
      noun="withdrawals"
      data={data}
      columns={columns}
    />
  );
}
