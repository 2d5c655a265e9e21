import type { ReactNode } from "react";

/**
 * One list of /auctions/bids (the auctions bid on, the standing bids): a section titled `title`
 * (its heading's id is `id`), the `empty` text while there is nothing, else one bordered row per
 * item, drawn by `row`.
 */
export function BidList<T extends { id: number }>({
  id,
  title,
  empty,
  items,
  row,
  className,
}: {
  id: string;
  title: string;
  empty: ReactNode;
  items: readonly T[];
  row: (item: T) => ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="mb-2 text-xl font-semibold">
        {title}
      </h2>
      {items.length === 0 ? (
        <p className="text-muted-foreground text-sm">{empty}</p>
      ) : (
        <ul className="divide-y rounded-md border">
          {items.map((item) => (
            <li
              key={item.id}
              className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm"
            >
              {row(item)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
