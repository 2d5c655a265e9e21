import type { AdminOverview } from "~/.server/admin/overview";
import { formatCents } from "~/lib/money";
import { AdminStats } from "./admin-stats";
import { AdminSection } from "./admin-table";
import { DailyBarChart, type ChartSeries } from "~/components/charts/daily-bar-chart";
import type { AdminTabProps } from "./tab-contract";

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

/** The three charts of the last 30 days: pack openings, revenue and the marketplace. */
const CHARTS: {
  title: string;
  series: ChartSeries<Exclude<keyof AdminOverview["days"][number], "day">>[];
  format: (value: number) => string;
}[] = [
  {
    title: "Pack openings",
    series: [{ key: "packOpenings", label: "Openings", color: "var(--accent)" }],
    format: count,
  },
  {
    title: "Revenue",
    series: [
      { key: "packSalesCents", label: "Pack sales", color: "var(--accent)" },
      { key: "storeOrdersCents", label: "Store orders", color: "#10b981" },
    ],
    format: dollars,
  },
  {
    title: "Marketplace",
    series: [
      { key: "marketVolumeCents", label: "Volume", color: "#0ea5e9" },
      { key: "marketFeesCents", label: "Platform fees", color: "#f59e0b" },
    ],
    format: dollars,
  },
];

/** Overview (docs/product/administration.md): the eight counters and charts of the last 30 days. */
export function OverviewTab({ data }: AdminTabProps<AdminOverview>) {
  return (
    <div className="space-y-10">
      <AdminSection title="Overview" description="Totals across the platform.">
        <AdminStats
          className="grid grid-cols-2 gap-3 lg:grid-cols-4"
          stats={COUNTERS.map(({ key, label, hint }) => ({
            label,
            hint,
            value: count(data.counters[key]),
          }))}
        />
      </AdminSection>
      <AdminSection
        title="Last 30 days"
        description="Per day (UTC). Revenue is pack sales plus store orders; marketplace volume excludes refunded sales."
      >
        <div className="grid gap-4 lg:grid-cols-3">
          {CHARTS.map(({ title, series, format }) => (
            <DailyBarChart
              key={title}
              title={title}
              days={data.days}
              series={series}
              format={format}
            />
          ))}
        </div>
      </AdminSection>
    </div>
  );
}
