import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/auctions";
import { browseAuctions } from "~/.server/auctions/auction-views";
import { requestCtx } from "~/.server/request-context";
import { Badge } from "~/components/ui/badge";
import { PageHeader } from "~/components/ui/page-header";
import { TimeLeft } from "~/components/market/time-left";
import { pageMeta } from "~/lib/meta";
import { AUCTION_SORTS, type AuctionSort } from "~/lib/auctions";
import { formatCents } from "~/lib/money";

export const meta: Route.MetaFunction = () =>
  pageMeta("Auctions", "Bid on graded slabs from other collectors: proxy bids, soft close.");

const SORT_LABELS: Record<AuctionSort, string> = { ending: "Ending soonest", new: "Newly listed" };

/** /auctions (docs/product/market.md "Auctions"): open auctions by `?sort=` and `?category=`. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const sort = AUCTION_SORTS.find((value) => value === params.get("sort")) ?? "ending";
  const category = params.get("category") || null;
  const found = await browseAuctions(requestCtx(context), { sort, category });
  return { ...found, sort, category, signedIn: Boolean(context.user) };
}

/** A sort or category choice of the auctions list: a pill link, the current one marked and filled. */
function FilterPill({
  to,
  current,
  children,
}: {
  to: string;
  current: boolean;
  children: ReactNode;
}) {
  return (
    <Link
      to={to}
      aria-current={current ? "page" : undefined}
      className={`rounded-full border px-3 py-1 ${current ? "bg-accent text-accent-foreground" : ""}`}
    >
      {children}
    </Link>
  );
}

export default function AuctionsPage({ loaderData }: Route.ComponentProps) {
  const { auctions, categories, sort, category, signedIn } = loaderData;
  const href = (next: { sort?: string; category?: string | null }) => {
    const params = new URLSearchParams();
    params.set("sort", next.sort ?? sort);
    const cat = next.category === undefined ? category : next.category;
    if (cat) params.set("category", cat);
    return `/auctions?${params}`;
  };
  return (
    <div className="container mx-auto px-4 py-8">
      <PageHeader
        title="Auctions"
        lead="Enter your maximum and we bid for you, one increment at a time. A late bid that raises the price extends the auction by 10 minutes."
      >
        {signedIn ? (
          <p className="flex flex-wrap gap-4 text-sm">
            <Link to="/auctions/bids" className="underline">
              My bids
            </Link>
            <Link to="/vault" className="underline">
              Start an auction from your vault
            </Link>
          </p>
        ) : null}
      </PageHeader>
      <nav aria-label="Sort and filter auctions" className="mb-6 flex flex-wrap gap-2 text-sm">
        {AUCTION_SORTS.map((value) => (
          <FilterPill key={value} to={href({ sort: value })} current={value === sort}>
            {SORT_LABELS[value]}
          </FilterPill>
        ))}
        <span className="text-muted-foreground px-2 py-1" aria-hidden="true">
          |
        </span>
        <FilterPill to={href({ category: null })} current={category === null}>
          All categories
        </FilterPill>
        {categories.map((value) => (
          <FilterPill key={value} to={href({ category: value })} current={value === category}>
            {value}
          </FilterPill>
        ))}
      </nav>
      {auctions.length === 0 ? (
        <div className="rounded-lg border border-dashed p-10 text-center">
          <p className="font-medium">No auctions are running{category ? ` in ${category}` : ""}.</p>
          <p className="text-muted-foreground mt-1 text-sm">
            Put a card from your vault up for auction, or check back soon.
          </p>
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {auctions.map((auction) => (
            <li key={auction.id}>
              <Link
                to={`/auctions/${auction.id}`}
                className="hover:border-accent block rounded-lg border p-4 transition-colors"
              >
                <div className="flex items-start justify-between gap-2">
                  <h2 className="font-semibold">{auction.title}</h2>
                  <Badge>{auction.category}</Badge>
                </div>
                <p className="mt-3 text-2xl font-bold">{formatCents(auction.priceCents)}</p>
                <p className="text-muted-foreground text-sm">
                  {auction.bidCount} {auction.bidCount === 1 ? "bid" : "bids"}
                  {auction.hasReserve ? " · reserve" : ""}
                </p>
                <p className="mt-2 text-sm">
                  <TimeLeft endsAt={auction.endsAt} />
                </p>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
