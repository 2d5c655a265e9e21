import type { ReactNode } from "react";
import type { PackSummary } from "~/lib/domain/packs";
import { PackTile } from "~/components/packs/pack-tile";

/**
 * A titled row of pack tiles (docs/product/packs-and-fairness.md: "Featured" and one per category).
 * Below 768 px the row scrolls sideways (snapping to tiles) so a long row does not make a long
 * page; from there on the tiles wrap into a grid.
 */
export function PackRow({
  id,
  title,
  lead,
  packs,
  eager = 0,
  badgeFor,
}: {
  id: string;
  title: string;
  lead?: ReactNode;
  packs: PackSummary[];
  /** How many of the first tiles load their art at once. */
  eager?: number;
  badgeFor?: (pack: PackSummary) => ReactNode;
}) {
  const headingId = `${id}-title`;
  return (
    <section id={id} aria-labelledby={headingId} className="scroll-mt-20">
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h2 id={headingId} className="text-xl font-bold tracking-tight sm:text-2xl">
          {title}
        </h2>
        {lead ? <p className="text-muted-foreground text-sm">{lead}</p> : null}
      </div>
      <ul className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-3 md:mx-0 md:grid md:grid-cols-4 md:overflow-visible md:px-0 md:pb-0 lg:grid-cols-5">
        {packs.map((pack, index) => (
          <li key={pack.id} className="w-40 shrink-0 snap-start sm:w-44 md:w-auto">
            <PackTile pack={pack} eager={index < eager} badge={badgeFor?.(pack)} />
          </li>
        ))}
      </ul>
    </section>
  );
}
