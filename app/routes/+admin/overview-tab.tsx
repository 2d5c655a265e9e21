import type { AdminOverview } from "~/.server/admin/overview";
import { formatCents } from "~/lib/money";
import { AdminSection } from "./admin-table";
import { DailyBarChart } from "~/components/charts/daily-bar-chart";

/** The eight counters of docs/product/administration.md "Overview", in its order, with what each counts. */
const COUNTERS: { key: keyof AdminOverview["counters"]; label: string; hint: string }[] = [
  { key: "totalUsers", label: "Total Users", hint: "Accounts" },
  { key: "totalCards", label: "Total Cards", hint: "Cards ever pulled" },
  { key: "activeListings", label: "Active Listings", hint: "On the marketplace now" },
  { key: "totalTransactions", label: "Total Transactions", hint: "Marketplace sales" },
  { key: "packsOpened", label: "Packs Opened", hint: "Pack openings" },
  { key: "redemptions", label: "Redemptions", hint: "Cards requested for shipping" },
  {
    key: "pendingOffers",
    label: "Pending Offers",
    hint: "Marketplace buy and trade offers awaiting the seller (buybacks not included)",
  },
  { key: "submissions", label: "Submissions", hint: "Items submitted to sell" },
];

const count = (value: number) => value.toLocaleString("en-US");
const dollars = (cents: number) => formatCents(cents, { compact: true });

/** Overview (docs/product/administration.md): the eight counters and charts of the last 30 days. */
export function OverviewTab({ data }: { data: AdminOverview; role: "admin" | "moderator" }) {
  return (
    <div className="space-y-10">
      <AdminSection title="Overview" description="Totals across the platform.">
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {COUNTERS.map(({ key, label, hint }) => (
            <div key={key} className="bg-surface rounded-xl border p-4">
              <dt className="text-muted-foreground text-sm font-medium">{label}</dt>
              <dd className="mt-1 text-2xl font-bold tabular-nums">{count(data.counters[key])}</dd>
              <dd className="text-muted-foreground mt-1 text-xs">{hint}</dd>
            </div>
          ))}
        </dl>
      </AdminSection>
      <AdminSection
        title="Last 30 days"
        description="Per day (UTC). Revenue is pack sales plus store orders; marketplace volume excludes refunded sales."
      >
        <div className="grid gap-4 lg:grid-cols-3">
          <DailyBarChart
            title="Pack openings"
            days={data.days}
            series={[{ key: "packOpenings", label: "Openings", color: "var(--accent)" }]}
            format={count}
          />
          <DailyBarChart
            title="Revenue"
            days={data.days}
            series={[
              { key: "packSalesCents", label: "Pack sales", color: "var(--accent)" },
              { key: "storeOrdersCents", label: "Store orders", color: "#10b981" },
            ]}
            format={dollars}
          />
          <DailyBarChart
            title="Marketplace"
            days={data.days}
            series={[
              { key: "marketVolumeCents", label: "Volume", color: "#0ea5e9" },
              { key: "marketFeesCents", label: "Platform fees", color: "#f59e0b" },
            ]}
            format={dollars}
          />
        </div>
      </AdminSection>
    </div>
  );
}
