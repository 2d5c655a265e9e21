import { Icon } from "~/components/ui/icon";
import { Link } from "react-router";
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
      <div className="flex min-w-0 flex-[1_1_16rem] gap-2">
        <label htmlFor="catalog-q" className="sr-only">
          Search collectibles
        </label>
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
        <button
          type="submit"
          form={CATALOG_FORM_ID}
          aria-label="Search"
          className="bg-surface-2 hover:bg-border flex size-10 shrink-0 items-center justify-center rounded-md border"
        >
          <Icon name="search" className="size-4" />
        </button>
      </div>

      <div className="flex items-center gap-2">
        <label htmlFor="catalog-sort" className="text-muted-foreground text-sm whitespace-nowrap">
          Sort by
        </label>
        <select
          id="catalog-sort"
          name="sort"
          form={CATALOG_FORM_ID}
          defaultValue={query.sort}
          onChange={() => apply(form())}
          className={cn(inputClass, "w-auto pr-8")}
        >
          {SORT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>

      <div
        className="flex items-center gap-1 rounded-md border p-0.5"
        aria-label="Layout"
        role="group"
      >
        {VIEWS.map(({ value, label, icon }) => {
          const current = query.view === value;
          return (
            <Link
              key={value}
              to={`/products${catalogSearch(query, { view: value, page: query.page })}`}
              preventScrollReset
              aria-label={label}
              aria-current={current ? "true" : undefined}
              className={cn(
                "flex size-9 items-center justify-center rounded",
                current ? "bg-accent text-accent-foreground" : "hover:bg-surface-2",
              )}
            >
              <Icon name={icon} className="size-4" />
            </Link>
          );
        })}
      </div>

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
