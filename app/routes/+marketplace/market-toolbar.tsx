import { LayoutGrid, Grid3x3, Search } from "lucide-react";
import type { FormEvent } from "react";
import { Form, useNavigate } from "react-router";
import {
  ResultsSearch,
  ResultsSort,
  ResultsViews,
  SortOptions,
} from "~/components/shop/results-toolbar";
import { Select } from "~/components/ui/form-controls";
import { Input } from "~/components/ui/input";
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
        <ResultsSearch
          id="market-q"
          label="Search listings"
          icon={<Search className="size-4" aria-hidden="true" />}
          className="flex-[1_1_14rem]"
        >
          <Input
            id="market-q"
            type="search"
            name="q"
            maxLength={100}
            placeholder="Search listings..."
            defaultValue={query.q}
            key={query.q}
          />
        </ResultsSearch>
        <ResultsSort id="market-sort">
          <Select
            id="market-sort"
            name="sort"
            key={query.sort}
            defaultValue={query.sort}
            onChange={(event) => event.currentTarget.form && apply(event.currentTarget.form)}
            className="w-auto pr-8"
          >
            <SortOptions options={MARKET_SORT_OPTIONS} />
          </Select>
        </ResultsSort>
      </Form>
      <ResultsViews
        label="Grid size"
        current={query.view}
        views={VIEWS.map(({ value, label, icon: Icon }) => ({
          value,
          label,
          to: `/marketplace${marketSearch(query, { view: value, cardId: null })}`,
          icon: <Icon className="size-4" aria-hidden="true" />,
        }))}
      />
    </div>
  );
}
