import {
  BarChart3,
  CalendarDays,
  CreditCard,
  Inbox,
  Landmark,
  Package,
  Receipt,
  ScrollText,
  ShieldAlert,
  ShoppingBag,
  Tag,
  Store,
  Truck,
  Users,
  Warehouse,
} from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useNavigation } from "react-router";
import type { Route } from "./+types/admin";
import { AuditTab } from "./+admin/audit-tab";
import { auditTab } from "./+admin/audit.server";
import { CardsTab } from "./+admin/cards-tab";
import { cardsTab } from "./+admin/cards.server";
import { EventsTab } from "./+admin/events-tab";
import { eventsTab } from "./+admin/events.server";
import { FraudTab } from "./+admin/fraud-tab";
import { fraudTab } from "./+admin/fraud.server";
import { InventoryTab } from "./+admin/inventory-tab";
import { inventoryTab } from "./+admin/inventory.server";
import { ListingsTab } from "./+admin/listings-tab";
import { listingsTab } from "./+admin/listings.server";
import { OverviewTab } from "./+admin/overview-tab";
import { overviewTab } from "./+admin/overview.server";
import { OrdersTab } from "./+admin/orders-tab";
import { ordersTab } from "./+admin/orders.server";
import { PacksTab } from "./+admin/packs-tab";
import { PayoutsTab } from "./+admin/payouts-tab";
import { payoutsTab } from "./+admin/payouts.server";
import { packsTab } from "./+admin/packs.server";
import { ProductsTab } from "./+admin/products-tab";
import { productsTab } from "./+admin/products.server";
import { RedemptionsTab } from "./+admin/redemptions-tab";
import { redemptionsTab } from "./+admin/redemptions.server";
import { SubmissionsTab } from "./+admin/submissions-tab";
import { submissionsTab } from "./+admin/submissions.server";
import { ADMIN_TABS, type AdminIntent, type AdminTab } from "./+admin/tab-contract";
import { TransactionsTab } from "./+admin/transactions-tab";
import { transactionsTab } from "./+admin/transactions.server";
import { UsersTab } from "./+admin/users-tab";
import { usersTab } from "./+admin/users.server";
import { can } from "~/.server/policy/permissions";
import { requireRole } from "~/.server/auth/guards";
import { intent, runIntent } from "~/.server/http/run-intent";
import { requestCtx } from "~/.server/request-context";
import { PageHeader } from "~/components/ui/page-header";
import { cn } from "~/lib/cn";
import { pageMeta } from "~/lib/meta";
import { useToasts } from "~/lib/toast";

/** Each tab's server part (app/routes/+admin/<tab>.server.ts, tab-contract.ts). */
const TAB_SERVERS = {
  overview: overviewTab,
  users: usersTab,
  fraud: fraudTab,
  cards: cardsTab,
  listings: listingsTab,
  transactions: transactionsTab,
  packs: packsTab,
  inventory: inventoryTab,
  products: productsTab,
  events: eventsTab,
  redemptions: redemptionsTab,
  submissions: submissionsTab,
  orders: ordersTab,
  payouts: payoutsTab,
  audit: auditTab,
} as const;

/** The tab links, in the order docs/product/administration.md lists them, Audit last. */
const TAB_LINKS: { tab: AdminTab; label: string; icon: typeof Users }[] = [
  { tab: "overview", label: "Overview", icon: BarChart3 },
  { tab: "users", label: "Users", icon: Users },
  { tab: "fraud", label: "Fraud", icon: ShieldAlert },
  { tab: "cards", label: "Cards", icon: CreditCard },
  { tab: "listings", label: "Listings", icon: Store },
  { tab: "transactions", label: "Transactions", icon: Receipt },
  { tab: "packs", label: "Packs", icon: Package },
  { tab: "inventory", label: "Inventory", icon: Warehouse },
  { tab: "products", label: "Products", icon: Tag },
  { tab: "events", label: "Events", icon: CalendarDays },
  { tab: "redemptions", label: "Redemptions", icon: Truck },
  { tab: "submissions", label: "Submissions", icon: Inbox },
  { tab: "orders", label: "Orders", icon: ShoppingBag },
  { tab: "payouts", label: "Payouts", icon: Landmark },
  { tab: "audit", label: "Audit", icon: ScrollText },
];

type TabData<K extends AdminTab> = Awaited<ReturnType<(typeof TAB_SERVERS)[K]["load"]>>;
/** The tab in view with its data (only that tab is loaded). */
type TabView = { [K in AdminTab]: { tab: K; data: TabData<K> } }[AdminTab];

/** `?tab=` as a known tab; anything else is the Overview. */
function parseTab(value: string | null): AdminTab {
  return (ADMIN_TABS as readonly string[]).includes(value ?? "") ? (value as AdminTab) : "overview";
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta(
    "Administration",
    "Run PackVault: users, cards, packs, marketplace and fraud controls.",
  ),
  { name: "robots", content: "noindex" },
];

/**
 * /admin (docs/product/administration.md): staff only, checked on every request
 * (visitors go to /auth, other users to /; a demoted admin is out on the next request, as the
 * role is read per request). Loads only the tab in view (`?tab=`, default Overview).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireRole(request, context, "admin", "moderator");
  const search = new URL(request.url).searchParams;
  const tab = parseTab(search.get("tab"));
  const tabData = await TAB_SERVERS[tab].load(requestCtx(context), search);
  return { view: { tab, data: tabData } as TabView, role: user.role as "admin" | "moderator" };
}

/**
 * The intents of every tab, for the seam (docs/decisions/024-admin-forms-on-conform.md): each
 * parsed once with its own schema (a broken rule is a 400 with the message by its field and
 * the error title as the toast), capability checked, back to the tab on success.
 */
const ADMIN_INTENTS = Object.fromEntries(
  ADMIN_TABS.flatMap((tab) =>
    Object.entries(TAB_SERVERS[tab].intents as Record<string, AdminIntent>).map(([name, spec]) => [
      name,
      intent({
        schema: spec.schema,
        allow: (user) => can(user.role, spec.capability),
        failureTitle: spec.errorTitle,
        files: spec.files,
        invalidToast: (first) => ({ kind: "error", title: spec.errorTitle, description: first }),
        refused: (error) => ({ field: spec.fieldOf?.[error.code] }),
        run: (ctx, input, { files, context }) =>
          spec.run(ctx, input, { uploads: files, env: context.env }),
        done: (result, _input, { request }) => {
          const back = new URLSearchParams(new URL(request.url).search);
          back.delete("index");
          back.set("tab", tab);
          return {
            redirect: `/admin?${back.toString()}`,
            toasts: [
              { kind: "success", title: spec.successTitle, description: result?.description },
            ],
          };
        },
      }),
    ]),
  ),
);

/**
 * Every /admin form posts here with an `intent` (tab-contract.ts), through the seam alone: a
 * visitor goes to /auth; the intent's capability is checked (`allow`: 403 for a user without a
 * staff role and for a moderator posting an admin's form, nothing changes); an unknown intent
 * is a 400. Both are thrown, so the page's loader (which sends a non-staff user away) cannot
 * replace them with a redirect. A success
 * redirects back to the same tab and page with the success toast; a refusal answers with its
 * status and the error title with the server's message.
 */
export const action = (args: Route.ActionArgs) =>
  runIntent(args, ADMIN_INTENTS, { home: "/admin" });

function TabPanel({ view, role }: { view: TabView; role: "admin" | "moderator" }) {
  switch (view.tab) {
    case "overview":
      return <OverviewTab data={view.data} role={role} />;
    case "users":
      return <UsersTab data={view.data} role={role} />;
    case "fraud":
      return <FraudTab data={view.data} role={role} />;
    case "cards":
      return <CardsTab data={view.data} role={role} />;
    case "listings":
      return <ListingsTab data={view.data} role={role} />;
    case "transactions":
      return <TransactionsTab data={view.data} role={role} />;
    case "packs":
      return <PacksTab data={view.data} role={role} />;
    case "inventory":
      return <InventoryTab data={view.data} role={role} />;
    case "products":
      return <ProductsTab data={view.data} role={role} />;
    case "events":
      return <EventsTab data={view.data} role={role} />;
    case "redemptions":
      return <RedemptionsTab data={view.data} role={role} />;
    case "submissions":
      return <SubmissionsTab data={view.data} role={role} />;
    case "orders":
      return <OrdersTab data={view.data} role={role} />;
    case "payouts":
      return <PayoutsTab data={view.data} role={role} />;
    case "audit":
      return <AuditTab data={view.data} role={role} />;
  }
}

/**
 * The tab links: a row of plain links (`?tab=`), the current one marked; on a narrow screen the
 * row scrolls sideways and keeps the current tab in view.
 */
function AdminTabLinks({ current, pending }: { current: AdminTab; pending: AdminTab | null }) {
  const active = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    active.current?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [current]);
  return (
    <nav aria-label="Admin sections" className="-mx-4 px-4 sm:mx-0 sm:px-0">
      <ul className="bg-surface-2 flex w-max max-w-full gap-1 overflow-x-auto rounded-lg p-1 [scrollbar-width:thin] lg:w-full lg:flex-wrap">
        {TAB_LINKS.map(({ tab, label, icon: Icon }) => (
          <li key={tab} className="shrink-0">
            <Link
              ref={tab === current ? active : undefined}
              to={`?tab=${tab}`}
              preventScrollReset
              aria-current={tab === current ? "page" : undefined}
              className={cn(
                "text-muted-foreground hover:text-foreground inline-flex h-9 items-center gap-2 rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors",
                tab === current && "bg-background text-foreground shadow-sm",
                tab === pending && "text-foreground",
              )}
            >
              <Icon className="size-4" aria-hidden="true" />
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default function Admin({ loaderData, actionData }: Route.ComponentProps) {
  // A form posted before JavaScript loaded gets its refusal here (with JS, the form's fetcher).
  useToasts(actionData?.toasts);
  const navigation = useNavigation();
  const nextUrl =
    navigation.state === "loading" && navigation.location.pathname === "/admin"
      ? new URLSearchParams(navigation.location.search)
      : null;
  const pending = nextUrl ? parseTab(nextUrl.get("tab")) : null;
  const { view, role } = loaderData;
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:py-12">
      <PageHeader
        title="Administration"
        lead={
          role === "admin"
            ? "Manage users, cards, listings, transactions, packs, inventory, products, events, redemptions, submissions and fraud controls. Every change is recorded in the audit log."
            : "Moderator view: every tab is read-only, except deleting listings and updating submissions."
        }
      />
      <AdminTabLinks current={view.tab} pending={pending} />
      <div
        className={cn("mt-6 transition-opacity", pending && "opacity-60")}
        aria-busy={pending ? true : undefined}
      >
        <TabPanel view={view} role={role} />
      </div>
    </div>
  );
}
