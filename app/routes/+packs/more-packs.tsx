import { Link } from "react-router";
import type { PackSummary } from "~/lib/domain/packs";
import { PackTile, SimilarBadge } from "~/components/packs/pack-tile";

/** docs/product/packs-and-fairness.md: the More Packs strip shows 6 of the 8 packs it fetches. */
export const MORE_PACKS_SHOWN = 6;

/**
 * The "More Packs" strip of the pack detail (docs/product/packs-and-fairness.md): other active packs, cheapest
 * first, a "Similar" badge on those of the same category; it scrolls sideways on small screens.
 */
export function MorePacks({ packs, category }: { packs: PackSummary[]; category: string }) {
  if (packs.length === 0) return null;
  return (
    <section aria-labelledby="more-packs-title" className="mt-12">
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h2 id="more-packs-title" className="text-xl font-bold tracking-tight sm:text-2xl">
          More Packs
        </h2>
        <Link
          to="/packs"
          className="text-accent text-sm font-medium underline-offset-4 hover:underline"
        >
          All packs
        </Link>
      </div>
      <ul className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-3 md:mx-0 md:grid md:grid-cols-3 md:overflow-visible md:px-0 md:pb-0 lg:grid-cols-6">
        {packs.slice(0, MORE_PACKS_SHOWN).map((pack) => (
          <li key={pack.id} className="w-40 shrink-0 snap-start sm:w-44 md:w-auto">
            <PackTile
              pack={pack}
              badge={pack.category === category ? <SimilarBadge /> : undefined}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
