import type { AdminTransaction, TransactionParty } from "~/.server/admin/transactions";
import { formatCents } from "~/lib/money";
import { linesColumn, centsColumn, PersonCell, statusColumn, timeColumn } from "./admin-columns";
import { AdminPagedSection } from "./admin-paged-section";
import { AdminStats } from "./admin-stats";
import { AdminSection, type AdminColumn } from "./admin-table";
import type { TransactionsTabData } from "./transactions.server";
import type { AdminTabProps } from "./tab-contract";

const STATUS_LABELS: Record<AdminTransaction["status"], string> = {
  completed: "Completed",
  awaiting_shipment: "Awaiting shipment",
  shipped: "Shipped",
  refunded: "Refunded",
};

const STATUS_STYLES: Partial<Record<AdminTransaction["status"], string>> = {
  completed: "border-emerald-500/50 bg-emerald-500/15 text-foreground",
  refunded: "border-danger/60 bg-danger/10 text-foreground",
};

/** A buyer or seller cell: name over email, or 'Deleted account'. */
function Party({ party }: { party: TransactionParty }) {
  if (!party) return <span className="text-muted-foreground">Deleted account</span>;
  return <PersonCell person={party} />;
}

/** The sale list's columns: listing, buyer, seller, amounts, status and dates. */
const columns: AdminColumn<AdminTransaction>[] = [
  linesColumn(
    "Listing",
    (transaction) => ({ main: transaction.listingTitle, sub: `Transaction #${transaction.id}` }),
    { className: "max-w-56", mainClassName: "break-words" },
  ),
  { header: "Buyer", cell: (transaction) => <Party party={transaction.buyer} /> },
  { header: "Seller", cell: (transaction) => <Party party={transaction.seller} /> },
  centsColumn("Amount", (transaction) => transaction.amountCents),
  centsColumn("Platform fee", (transaction) => transaction.platformFeeCents),
  centsColumn("Seller amount", (transaction) => transaction.sellerAmountCents),
  statusColumn((transaction) => transaction.status, STATUS_LABELS, STATUS_STYLES),
  timeColumn("Created", (transaction) => transaction.createdAt),
  timeColumn("Completed", (transaction) => transaction.completedAt),
];

/**
 * Transactions (docs/product/administration.md: amount, platform fee, seller amount, status, dates; docs/product/administration.md: totals of volume and fees): the completed totals at the top, then every marketplace
 * sale newest first, searchable and paginated. Read-only for every role.
 */
export function TransactionsTab({ data }: AdminTabProps<TransactionsTabData>) {
  const { totals } = data;
  return (
    <div className="space-y-8">
      <AdminSection
        title="Totals"
        description="Completed transactions only, across the whole marketplace."
      >
        <AdminStats
          className="grid grid-cols-2 gap-3 sm:grid-cols-3"
          stats={[
            { label: "Volume", value: formatCents(totals.volumeCents) },
            { label: "Platform fees", value: formatCents(totals.feesCents) },
            {
              label: "Completed transactions",
              value: totals.completedCount.toLocaleString("en-US"),
            },
          ]}
        />
      </AdminSection>
      <AdminPagedSection
        title="Transactions"
        description="Every marketplace sale, newest first. Read-only."
        search="Listing title, buyer or seller email"
        data={data}
        columns={columns}
      />
    </div>
  );
}
