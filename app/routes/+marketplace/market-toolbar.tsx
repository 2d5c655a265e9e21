import { LayoutGrid, Grid3x3, Search } from "lucide-react";
import type { FormEvent } from "react";
import { Form, Link, useNavigate } from "react-router";
import { Select } from "~/components/ui/form-controls";
import { Input } from "~/components/ui/input";
import { cn } from "~/lib/cn";
import {
  MARKET_SORT_OPTIONS,
  marketSearch,
  parseMarketQuery,
  type MarketQuery,
} from "./market-query";

const VIEWS = [
  { value: "large", label: "Large grid", icon: LayoutGrid },
  { value: "compact", label: "Compact grid", icon: Grid3x3 },
] as const;

/**
 * Above the listings: the search box (title or description) and the sort, a GET form kept in
 * the URL (works before JavaScript loads; with it, the sort applies as soon as it changes and
 * the URL keeps only what differs from the defaults), and the large/compact grid toggle
 * (links, so every view is linkable).
 */
export function MarketToolbar({ query }: { query: MarketQuery }) {
  const navigate = useNavigate();
  const apply = (form: HTMLFormElement) => {
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form)) {
      if (typeof value === "string") params.set(name, value);
    }
    const next = parseMarketQuery(params);
    void navigate(`/marketplace${marketSearch({ ...next, page: 1, cardId: null })}`, {
      preventScrollReset: true,
    });
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(event.currentTarget);
  };

  return (
    <div className="flex flex-wrap items-end gap-3">
      <Form
        method="get"
        action="/marketplace"
        role="search"
        onSubmit={onSubmit}
        className="flex min-w-0 flex-[1_1_20rem] flex-wrap items-end gap-3"
      >
        {query.view !== "large" ? <input type="hidden" name="view" value={query.view} /> : null}
        <div className="flex min-w-0 flex-[1_1_14rem] gap-2">
          <label htmlFor="market-q" className="sr-only">
            Search listings
          </label>
          <Input
            id="market-q"
            type="search"
            name="q"
            maxLength={100}
            placeholder="Search listings..."
            defaultValue={query.q}
            key={query.q}
          />
          <button
            type="submit"
            aria-label="Search"
            className="bg-surface-2 hover:bg-border flex size-10 shrink-0 items-center justify-center rounded-md border"
          >
            <Search className="size-4" aria-hidden="true" />
          </button>
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor="market-sort" className="text-muted-foreground text-sm whitespace-nowrap">
            Sort by
          </label>
          <Select
            id="market-sort"
            name="sort"
            key={query.sort}
            defaultValue={query.sort}
            onChange={(event) => event.currentTarget.form && apply(event.currentTarget.form)}
            className="w-auto pr-8"
          >
            {MARKET_SORT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        </div>
      </Form>
      <div
        className="flex items-center gap-1 rounded-md border p-0.5"
        role="group"
        aria-label="Grid size"
      >
        {VIEWS.map(({ value, label, icon: Icon }) => {
          const current = query.view === value;
          return (
            <Link
              key={value}
              to={`/marketplace${marketSearch(query, { view: value, cardId: null })}`}
              preventScrollReset
              aria-label={label}
              aria-current={current ? "true" : undefined}
              className={cn(
                "flex size-9 items-center justify-center rounded",
                current ? "bg-accent text-accent-foreground" : "hover:bg-surface-2",
              )}
            >
              <Icon className="size-4" aria-hidden="true" />
            </Link>
          );
        })}
      </div>
    </div>
  );
}
