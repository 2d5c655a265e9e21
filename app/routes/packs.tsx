import { PackageOpen } from "lucide-react";
import type { Route } from "./+types/packs";
import { PackRow } from "./+packs/pack-row";
import { listActivePacks } from "~/.server/packs/catalog";
import type { PackSummary } from "~/lib/domain/packs";
import { requestCtx } from "~/.server/request-context";
import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/meta";
import { PACK_CATEGORIES } from "~/lib/packs";
import { livePageHandle, pageTags } from "~/lib/page-cache";

/** Visitors get this page from the page cache; writes invalidate its tags. */
export const handle = livePageHandle(() => [pageTags.packs]);

/** Spec section 9: the "Featured" row shows the first 10 packs. */
const FEATURED_COUNT = 10;

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Mystery Packs",
    "Open a mystery pack and pull a graded, vaulted and insured card: Pokemon, MTG, sports, Star Wars, comics and basketball.",
  );

/** /packs (spec section 2, Packs list): active packs, cheapest first. */
export async function loader({ context }: Route.LoaderArgs) {
  return { packs: await listActivePacks(requestCtx(context)) };
}

/** "Star Wars" -> "star-wars", for the rows' anchors. */
const slug = (category: string) =>
  category
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/**
 * The packs of each category in the order of the spec's pack-art categories, then any other
 * category alphabetically; each keeps the cheapest-first order.
 */
function byCategory(packs: PackSummary[]): [string, PackSummary[]][] {
  const groups = new Map<string, PackSummary[]>();
  for (const pack of packs) groups.set(pack.category, [...(groups.get(pack.category) ?? []), pack]);
  const rank = (category: string) => {
    const index = (PACK_CATEGORIES as readonly string[]).indexOf(category);
    return index === -1 ? PACK_CATEGORIES.length : index;
  };
  return [...groups].sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
}

export default function Packs({ loaderData }: Route.ComponentProps) {
  const { packs } = loaderData;
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeader
        title="Mystery Packs"
        lead="Every pack holds one graded card, vaulted and insured the moment you pull it. Keep it, sell it back at 90%, list it, or have it shipped."
      />
      {packs.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-16 text-center">
          <PackageOpen className="text-muted-foreground size-10" aria-hidden="true" />
          <p className="text-lg font-semibold">No packs available</p>
          <p className="text-muted-foreground">Check back soon for new drops!</p>
        </div>
      ) : (
        <div className="space-y-10">
          <PackRow
            id="featured"
            title="Featured"
            packs={packs.slice(0, FEATURED_COUNT)}
            eager={5}
          />
          {byCategory(packs).map(([category, group]) => (
            <PackRow
              key={category}
              id={`packs-${slug(category) || "other"}`}
              title={category}
              packs={group}
            />
          ))}
        </div>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Failed to load packs</h1>
      <p className="text-muted-foreground mt-4">Please try again in a moment.</p>
    </div>
  );
}
