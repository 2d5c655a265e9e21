import type { ReactNode } from "react";

/**
 * A list of bids on the auction pages (docs/decisions/045-auctions-and-standing-bids.md: an
 * auction's bid history, the viewer's auction bids and standing bids): a section titled by its
 * h2 (`id` labels it), `empty` when there are no `items`, else one bordered row per item
 * (`row` draws it; its `id` keys it). `ordered` lists them in an <ol> (a history, in order).
 */
export function BidList<Item extends { id: string | number }>({
  id,
  title,
  items,
  row,
  empty,
  ordered = false,
  className,
}: {
  id: string;
  title: string;
  items: readonly Item[];
  row: (item: Item) => ReactNode;
  empty: ReactNode;
  ordered?: boolean;
  className?: string;
}) {
  const List = ordered ? "ol" : "ul";
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="mb-2 text-xl font-semibold">
        {title}
      </h2>
      {items.length === 0 ? (
        <p className="text-muted-foreground text-sm">{empty}</p>
      ) : (
        <List className="divide-y rounded-md border">
          {items.map((item) => (
            <li
              key={item.id}
              className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm"
            >
              {row(item)}
            </li>
          ))}
        </List>
      )}
    </section>
  );
}
