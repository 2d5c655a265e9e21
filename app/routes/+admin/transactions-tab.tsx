import type { AdminTransaction, TransactionParty } from "~/.server/admin/transactions";
import { Badge } from "~/components/ui/badge";
import { formatCents } from "~/lib/money";
import { AdminSearch } from "./admin-search";
import { AdminSection, AdminTable, AdminTime } from "./admin-table";
import { AdminPagination } from "./pagination";
import type { TransactionsTabData } from "./transactions.server";

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
  return (
    <span className="block">
      <span className="block">{party.name}</span>
      <span className="text-muted-foreground block text-xs break-all">{party.email}</span>
    </span>
  );
}

/**
 * Transactions (docs/product/administration.md: amount, platform fee, seller amount, status, dates; docs/product/administration.md: totals of volume and fees): the completed totals at the top, then every marketplace
 * sale newest first, searchable and paginated. Read-only for every role.
 */
export function TransactionsTab({
  data,
}: {
  data: TransactionsTabData;
  role: "admin" | "moderator";
}) {
  const { totals } = data;
  return (
    <div className="space-y-8">
      <AdminSection
        title="Totals"
        description="Completed transactions only, across the whole marketplace."
      >
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <div className="bg-surface rounded-xl border p-4">
            <dt className="text-muted-foreground text-sm font-medium">Volume</dt>
            <dd className="mt-1 text-2xl font-bold tabular-nums">
              {formatCents(totals.volumeCents)}
            </dd>
          </div>
          <div className="bg-surface rounded-xl border p-4">
            <dt className="text-muted-foreground text-sm font-medium">Platform fees</dt>
            <dd className="mt-1 text-2xl font-bold tabular-nums">
              {formatCents(totals.feesCents)}
            </dd>
          </div>
          <div className="bg-surface rounded-xl border p-4">
            <dt className="text-muted-foreground text-sm font-medium">Completed transactions</dt>
            <dd className="mt-1 text-2xl font-bold tabular-nums">
              {totals.completedCount.toLocaleString("en-US")}
            </dd>
          </div>
        </dl>
      </AdminSection>
      <AdminSection
        title="Transactions"
        total={data.total}
        description="Every marketplace sale, newest first. Read-only."
        actions={
          <AdminSearch
            label="Search transactions"
            placeholder="Listing title, buyer or seller email"
          />
        }
      >
        <AdminTable
          caption="Transactions"
          rows={data.rows}
          rowKey={(transaction) => transaction.id}
          empty={data.q ? `No transactions match "${data.q}".` : "No transactions yet."}
          columns={[
            {
              header: "Listing",
              cell: (transaction) => (
                <span className="block max-w-56">
                  <span className="block break-words">{transaction.listingTitle}</span>
                  <span className="text-muted-foreground block text-xs">
                    Transaction #{transaction.id}
                  </span>
                </span>
              ),
            },
            { header: "Buyer", cell: (transaction) => <Party party={transaction.buyer} /> },
            { header: "Seller", cell: (transaction) => <Party party={transaction.seller} /> },
            {
              header: "Amount",
              cell: (transaction) => formatCents(transaction.amountCents),
              numeric: true,
            },
            {
              header: "Platform fee",
              cell: (transaction) => formatCents(transaction.platformFeeCents),
              numeric: true,
            },
            {
              header: "Seller amount",
              cell: (transaction) => formatCents(transaction.sellerAmountCents),
              numeric: true,
            },
            {
              header: "Status",
              cell: (transaction) => (
                <Badge className={STATUS_STYLES[transaction.status]}>
                  {STATUS_LABELS[transaction.status]}
                </Badge>
              ),
            },
            {
              header: "Created",
              cell: (transaction) => <AdminTime value={transaction.createdAt} />,
            },
            {
              header: "Completed",
              cell: (transaction) => <AdminTime value={transaction.completedAt} />,
            },
          ]}
        />
        <AdminPagination page={data.page} pageCount={data.pageCount} label="Transactions pages" />
      </AdminSection>
    </div>
  );
}
