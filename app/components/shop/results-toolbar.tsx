import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "~/lib/cn";

/**
 * The search box of a results toolbar (the shop's /products, the marketplace): a visually
 * hidden label for `id`, the page's own search input (`children`) and the square "Search"
 * submit button showing `icon`. `form` ties the button to a form elsewhere on the page.
 */
export function ResultsSearch({
  id,
  label,
  form,
  icon,
  className,
  children,
}: {
  id: string;
  label: string;
  form?: string;
  icon: ReactNode;
  className: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("flex min-w-0 gap-2", className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      {children}
      <button
        type="submit"
        form={form}
        aria-label="Search"
        className="bg-surface-2 hover:bg-border flex size-10 shrink-0 items-center justify-center rounded-md border"
      >
        {icon}
      </button>
    </div>
  );
}

/** The "Sort by" label for the select `id` and that select (`children`), side by side. */
export function ResultsSort({ id, children }: { id: string; children: ReactNode }) {
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-muted-foreground text-sm whitespace-nowrap">
        Sort by
      </label>
      {children}
    </div>
  );
}

/** The `<option>`s of a sort select, one per `{ value, label }`. */
export function SortOptions({ options }: { options: readonly { value: string; label: string }[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
}

/**
 * The view toggle of a results toolbar: a group named `label` of icon links (so every view is
 * linkable), the `current` one marked with aria-current and the accent colour.
 */
export function ResultsViews({
  label,
  views,
  current,
}: {
  label: string;
  views: readonly { value: string; label: string; to: string; icon: ReactNode }[];
  current: string;
}) {
  return (
    <div
      className="flex items-center gap-1 rounded-md border p-0.5"
      role="group"
      aria-label={label}
    >
      {views.map((view) => {
        const shown = view.value === current;
        return (
          <Link
            key={view.value}
            to={view.to}
            preventScrollReset
            aria-label={view.label}
            aria-current={shown ? "true" : undefined}
            className={cn(
              "flex size-9 items-center justify-center rounded",
              shown ? "bg-accent text-accent-foreground" : "hover:bg-surface-2",
            )}
          >
            {view.icon}
          </Link>
        );
      })}
    </div>
  );
}

/**
 * The results region under a toolbar: named "Results", busy and dimmed while the next page of
 * results is `loading`.
 */
export function ResultsSection({ loading, children }: { loading: boolean; children: ReactNode }) {
  return (
    <section
      aria-label="Results"
      aria-busy={loading}
      className={loading ? "opacity-60 transition-opacity" : undefined}
    >
      {children}
    </section>
  );
}
