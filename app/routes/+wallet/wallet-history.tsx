import { ChevronLeft, ChevronRight, ReceiptText } from "lucide-react";
import { Link, useLocation } from "react-router";
import type { WalletPage } from "~/.server/wallet/wallet";
import { Button } from "~/components/ui/button";
import { formatDateTime } from "~/components/vault/format";
import { cn } from "~/lib/cn";
import { formatCents, type Cents } from "~/lib/money";

/** A ledger amount with its sign: "+$50.00", "-$12.50". */
function signedAmount(cents: Cents): string {
  return cents > 0 ? `+${formatCents(cents)}` : formatCents(cents);
}

/** The link to another page of the history, keeping the rest of the query (`redirectTo`). */
function usePageHref() {
  const { search } = useLocation();
  return (page: number) => {
    const params = new URLSearchParams(search);
    if (page === 1) params.delete("page");
    else params.set("page", String(page));
    const query = params.toString();
    return query ? `?${query}` : "?";
  };
}

/** Newer / Older links and the page count. */
function Pagination({ page, pageCount }: { page: number; pageCount: number }) {
  const href = usePageHref();
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Wallet history pages" className="mt-4 flex items-center justify-between gap-2">
      {page > 1 ? (
        <Button asChild variant="outline" size="sm">
          <Link to={href(page - 1)} preventScrollReset>
            <ChevronLeft className="size-4" aria-hidden="true" />
            Newer
          </Link>
        </Button>
      ) : (
        <span />
      )}
      <p className="text-muted-foreground text-sm">
        Page {page} of {pageCount}
      </p>
      {page < pageCount ? (
        <Button asChild variant="outline" size="sm">
          <Link to={href(page + 1)} preventScrollReset>
            Older
            <ChevronRight className="size-4" aria-hidden="true" />
          </Link>
        </Button>
      ) : (
        <span />
      )}
    </nav>
  );
}

/**
 * The wallet's history (docs/product/wallet.md "Adding funds"): ledger entries newest first, a page at a time
 * (`?page=`), each with its description, date, signed amount (credits green, debits red) and
 * the balance after it.
 */
export function WalletHistory({ wallet }: { wallet: WalletPage }) {
  return (
    <section aria-labelledby="wallet-history-title">
      <h2 id="wallet-history-title" className="mb-3 text-lg font-semibold">
        History
      </h2>
      {wallet.entries.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-4 py-10 text-center">
          <ReceiptText className="text-muted-foreground size-8" aria-hidden="true" />
          <p className="font-medium">No transactions yet</p>
          <p className="text-muted-foreground text-sm">
            Add funds to open packs and buy on the marketplace.
          </p>
        </div>
      ) : (
        <ul aria-label="Wallet history" className="bg-surface divide-y rounded-xl border">
          {wallet.entries.map((entry) => (
            <li
              key={entry.id}
              className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 px-4 py-3"
            >
              <div className="min-w-0 flex-1">
                <p className="font-medium break-words">{entry.description}</p>
                <p className="text-muted-foreground text-xs">
                  <time dateTime={entry.createdAt.toISOString()}>
                    {formatDateTime(entry.createdAt)}
                  </time>
                </p>
              </div>
              <div className="text-right">
                <p
                  className={cn(
                    "font-semibold tabular-nums",
                    entry.amountCents > 0 ? "text-green-700 dark:text-green-400" : "text-danger",
                  )}
                >
                  {signedAmount(entry.amountCents)}
                </p>
                <p className="text-muted-foreground text-xs tabular-nums">
                  Balance {formatCents(entry.balanceAfterCents)}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={wallet.page} pageCount={wallet.pageCount} />
    </section>
  );
}
