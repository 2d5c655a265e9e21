import { Search } from "lucide-react";
import { useId } from "react";
import { Form, Link, useSearchParams } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";

/**
 * The search box of an /admin table: a GET form that keeps the tab (`?tab=`) and sets `?q=`,
 * back on page 1; 'Clear' when a search is on. The server filters (each tab's `load` reads
 * `q`).
 */
export function AdminSearch({
  label,
  placeholder,
  param = "q",
}: {
  /** The field's label, also its accessible name ('Search users'). */
  label: string;
  placeholder?: string;
  param?: string;
}) {
  const [searchParams] = useSearchParams();
  const id = useId();
  const tab = searchParams.get("tab");
  const current = searchParams.get(param) ?? "";
  return (
    <Form
      method="get"
      // Explicit: without it the action is the current URL, whose encoding of the search (%20
      // or +) differs between the server and the browser and breaks hydration.
      action="/admin"
      role="search"
      className="flex w-full max-w-md flex-wrap items-end gap-2"
      preventScrollReset
    >
      {tab ? <input type="hidden" name="tab" value={tab} /> : null}
      <div className="min-w-48 flex-1 space-y-1.5">
        <label htmlFor={id} className="block text-sm font-medium">
          {label}
        </label>
        <Input
          id={id}
          type="search"
          name={param}
          defaultValue={current}
          placeholder={placeholder}
          key={current}
          maxLength={100}
        />
      </div>
      <Button type="submit" variant="secondary">
        <Search className="size-4" aria-hidden="true" />
        Search
      </Button>
      {current ? <ClearSearch to={tab ? `?tab=${encodeURIComponent(tab)}` : "?"} /> : null}
    </Form>
  );
}

/** 'Clear' beside an /admin search or filter form: back to `to` (the tab without its search). */
export function ClearSearch({ to }: { to: string }) {
  return (
    <Button asChild variant="ghost">
      <Link to={to} preventScrollReset>
        Clear
      </Link>
    </Button>
  );
}
