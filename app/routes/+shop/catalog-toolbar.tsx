import { Icon } from "~/components/ui/icon";
import {
  ResultsSearch,
  ResultsSort,
  ResultsViews,
  SortOptions,
} from "~/components/shop/results-toolbar";
import { cn } from "~/lib/cn";
import { SORT_OPTIONS } from "~/lib/catalog";
import type { CatalogQuery } from "~/lib/catalog-query";
import { catalogSearch } from "./catalog-search";
import { CATALOG_FORM_ID, FILTER_PANEL_ID, inputClass, useCatalogNavigate } from "./catalog-form";

const VIEWS = [
  { value: "grid", label: "Grid view", icon: "layout-grid" },
  { value: "list", label: "List view", icon: "list" },
] as const;

/**
 * Above the shop's results: the text search, the sort select (both part of the filter form
 * through `form=`), the grid/list toggle (links, so every view is linkable) and, below
 * 768 px, the button that shows and hides the filter panel (`FILTER_PANEL_ID`; a plain
 * disclosure button, no Radix Collapsible on the shop's first load).
 */
export function CatalogToolbar({
  query,
  filtersOpen,
  onFiltersOpenChange,
}: {
  query: CatalogQuery;
  filtersOpen: boolean;
  onFiltersOpenChange: (open: boolean) => void;
}) {
  const apply = useCatalogNavigate();
  const form = () => document.getElementById(CATALOG_FORM_ID) as HTMLFormElement | null;

  return (
    <div className="flex flex-wrap items-end gap-3">
      <ResultsSearch
        id="catalog-q"
        label="Search collectibles"
        form={CATALOG_FORM_ID}
        icon={<Icon name="search" className="size-4" />}
        className="flex-[1_1_16rem]"
      >
        <input
          id="catalog-q"
          type="search"
          name="q"
          form={CATALOG_FORM_ID}
          maxLength={100}
          placeholder="Search collectibles..."
          defaultValue={query.q}
          className={inputClass}
        />
      </ResultsSearch>

      <ResultsSort id="catalog-sort">
        <select
          id="catalog-sort"
          name="sort"
          form={CATALOG_FORM_ID}
          defaultValue={query.sort}
          onChange={() => apply(form())}
          className={cn(inputClass, "w-auto pr-8")}
        >
          <SortOptions options={SORT_OPTIONS} />
        </select>
      </ResultsSort>

      <ResultsViews
        label="Layout"
        current={query.view}
        views={VIEWS.map(({ value, label, icon }) => ({
          value,
          label,
          to: `/products${catalogSearch(query, { view: value, page: query.page })}`,
          icon: <Icon name={icon} className="size-4" />,
        }))}
      />

      <button
        type="button"
        aria-controls={FILTER_PANEL_ID}
        aria-expanded={filtersOpen}
        onClick={() => onFiltersOpenChange(!filtersOpen)}
        className="bg-surface-2 hover:bg-border flex h-10 items-center gap-2 rounded-md border px-3 text-sm font-medium md:hidden"
      >
        <Icon name="sliders-horizontal" className="size-4" />
        Filters
      </button>
    </div>
  );
}
