import { useNavigate } from "react-router";
import { catalogSearchFromForm } from "./catalog-search";

// What the shop's toolbar and its filter panel share: the toolbar is part of the page's own
// code, the panel loads after it (docs/decisions/036-deferred-page-parts.md).

/** The id of the shop's filter form; the search box and sort select outside it join via `form=`. */
export const CATALOG_FORM_ID = "catalog-filters";
/** The id of the element around the filter panel, which the toolbar's Filters button shows. */
export const FILTER_PANEL_ID = "catalog-filter-panel";

export const inputClass =
  "bg-background h-10 w-full rounded-md border px-3 text-sm placeholder:text-muted-foreground";

/**
 * Navigates to the view the shop form describes, with defaults left out of the URL and the
 * scroll position kept. Without JavaScript the form submits itself as a plain GET.
 */
export function useCatalogNavigate() {
  const navigate = useNavigate();
  return (form: HTMLFormElement | null) => {
    if (!form) return;
    // The form is read at once; the parser may still be loading, so only the latest change
    // navigates (an earlier one finishing later never overtakes it).
    const turn = ++applyTurn;
    void catalogSearchFromForm(form).then((search) => {
      if (turn === applyTurn) void navigate(`/products${search}`, { preventScrollReset: true });
    });
  };
}

/** Counts the filter changes; see {@link useCatalogNavigate}. */
let applyTurn = 0;
