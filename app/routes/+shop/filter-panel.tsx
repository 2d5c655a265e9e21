import { useEffect, useRef, type ChangeEvent, type FormEvent } from "react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { CATALOG_CATEGORIES, CATALOG_CONDITIONS, PRICE_FILTER } from "~/lib/catalog";
import type { CatalogQuery } from "~/lib/catalog-query";
import { catalogSearch, clearedSearch } from "./catalog-search";
import { CATALOG_FORM_ID, inputClass, useCatalogNavigate } from "./catalog-form";
import { useHydrated } from "~/lib/use-hydrated";

/** How long a price must stay unchanged before it applies (milliseconds). */
const PRICE_TYPING_PAUSE_MS = 500;

/**
 * The shop's filter side panel (docs/product/catalogue.md): price range in whole dollars
 * (0-15000, step 100), conditions and categories, and a link that clears them. A plain GET
 * form with an 'Apply filters' button, so it works without JavaScript; with JavaScript there is
 * no button: a ticked box applies at once, a price half a second after typing stops. Fields are uncontrolled, their defaults taken from `query`.
 */
export function FilterPanel({ query }: { query: CatalogQuery }) {
  const apply = useCatalogNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  // When the URL changes (back/forward, Clear filters) every field, the search box and sort
  // select included, returns to the value the URL gives; focus stays where it is. Not on the
  // first render, so nothing typed before hydration is lost.
  const view = catalogSearch(query, { page: query.page });
  const shownView = useRef(view);
  useEffect(() => {
    if (shownView.current === view) return;
    shownView.current = view;
    formRef.current?.reset();
  }, [view]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(event.currentTarget);
  };
  // With JavaScript every filter applies on change: a box at once, a price once typing pauses
  // (the 'Apply filters' button is only there for a page without JavaScript).
  const hydrated = useHydrated();
  // The query parser is fetched once the page is up, so the first change rarely waits for it.
  useEffect(() => void import("~/lib/catalog-query"), []);
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(typing.current), []);
  // The panel hydrates after the page (it is loaded later), and React drops a click that lands
  // on it before then: a box ticked in that moment stays ticked with nothing applied. Once the
  // panel is live, a form that no longer matches the URL applies at once.
  useEffect(() => {
    if (formRef.current && editedBeforeHydration(formRef.current)) apply(formRef.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the first render can find one
  }, []);
  const onChange = (event: ChangeEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    if (!(event.target instanceof HTMLInputElement)) return;
    clearTimeout(typing.current);
    if (event.target.type === "checkbox") apply(form);
    else if (event.target.type === "number") {
      if (!event.target.checkValidity()) return;
      typing.current = setTimeout(() => apply(form), PRICE_TYPING_PAUSE_MS);
    }
  };

  return (
    <Form
      ref={formRef}
      id={CATALOG_FORM_ID}
      method="get"
      action="/products"
      role="search"
      aria-label="Filter collectibles"
      preventScrollReset
      onSubmit={onSubmit}
      onChange={onChange}
      className="bg-surface space-y-6 rounded-xl border p-4"
    >
      <h2 className="text-base font-semibold">Filters</h2>
      {query.view !== "grid" ? <input type="hidden" name="view" value={query.view} /> : null}

      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-semibold">Price range (USD)</legend>
        <div className="grid grid-cols-2 gap-2">
          {(["min", "max"] as const).map((bound) => (
            <label key={bound} className="text-muted-foreground space-y-1 text-xs">
              <span>{bound === "min" ? "Min price" : "Max price"}</span>
              <input
                type="number"
                name={bound}
                inputMode="numeric"
                min={PRICE_FILTER.min}
                max={PRICE_FILTER.max}
                step={PRICE_FILTER.step}
                defaultValue={query[bound]}
                className={`${inputClass} text-foreground`}
              />
            </label>
          ))}
        </div>
      </fieldset>

      <CheckboxGroup
        legend="Condition"
        name="condition"
        options={CATALOG_CONDITIONS}
        checked={query.condition}
      />
      <CheckboxGroup
        legend="Category"
        name="category"
        options={CATALOG_CATEGORIES}
        checked={query.category}
      />

      <div className="flex flex-col gap-2">
        {hydrated ? null : <Button type="submit">Apply filters</Button>}
        <Button asChild variant="ghost" size="sm">
          <Link to={`/products${clearedSearch(query)}`} preventScrollReset>
            Clear filters
          </Link>
        </Button>
      </div>
    </Form>
  );
}

function CheckboxGroup({
  legend,
  name,
  options,
  checked,
}: {
  legend: string;
  name: string;
  options: readonly string[];
  checked: readonly string[];
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      <div className="filter-options">
        {options.map((option) => (
          <label key={option}>
            <input
              type="checkbox"
              name={name}
              value={option}
              defaultChecked={checked.includes(option)}
            />
            {option}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Whether a box or a price in `form` differs from the value the page was rendered with. */
function editedBeforeHydration(form: HTMLFormElement): boolean {
  return Array.from(form.elements).some(
    (field) =>
      field instanceof HTMLInputElement &&
      (field.type === "checkbox"
        ? field.checked !== field.defaultChecked
        : field.type === "number" && field.value !== field.defaultValue && field.checkValidity()),
  );
}
