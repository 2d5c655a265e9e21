import type { ReactNode } from "react";
import { Link } from "react-router";
import type { PackSummary } from "~/lib/domain/packs";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/lib/cn";
import { formatCents } from "~/lib/money";
import { PackImage } from "./pack-image";

/**
 * The "Live" badge of an active pack (docs/product/packs-and-fairness.md): a green dot that pulses
 * (still under prefers-reduced-motion).
 */
export function LiveBadge({ className }: { className?: string }) {
  return (
    <Badge className={cn("live-badge", className)}>
      <span aria-hidden="true">
        <span />
        <span />
      </span>
      Live
    </Badge>
  );
}

/** The "Similar" badge of the More Packs strip (same category as the pack on screen). */
export function SimilarBadge({ className }: { className?: string }) {
  return (
    <Badge className={cn("border-accent/50 bg-accent text-accent-foreground", className)}>
      Similar
    </Badge>
  );
}

/** The corner badge of a pack that has none left: in place of "Live", never beside it. */
export function SoldOutBadge({ className }: { className?: string }) {
  return (
    <Badge className={cn("bg-surface-2 text-foreground border-border", className)}>Sold out</Badge>
  );
}

/**
 * A pack tile (the packs list and More Packs, docs/product/packs-and-fairness.md "Browsing packs"): the wrapper art, the "Live" badge,
 * name and price, as one link to /pack/{id}. `badge` adds a corner badge ("Similar"). A
 * sold-out pack shows "Sold out" where "Live" would be (a pack is one or the other).
 */
export function PackTile({
  pack,
  badge,
  eager = false,
  className,
}: {
  pack: Pick<
    PackSummary,
    "id" | "name" | "category" | "priceCents" | "availableCount" | "imageUrl"
  >;
  badge?: ReactNode;
  /** Load the image at once (tiles in the first screenful). */
  eager?: boolean;
  className?: string;
}) {
  return (
    <Link
      to={`/pack/${pack.id}`}
      className={cn(
        "group bg-surface hover:border-accent/60 flex h-full flex-col overflow-hidden rounded-xl border transition-colors",
        className,
      )}
    >
      <div className="relative flex justify-center bg-[radial-gradient(circle_at_50%_40%,color-mix(in_oklch,var(--accent)_18%,transparent),transparent_70%)] px-4 pt-4 pb-2">
        <PackImage
          pack={pack}
          alt=""
          loading={eager ? "eager" : "lazy"}
          className="w-28 drop-shadow-lg transition-transform duration-300 group-hover:-translate-y-1 group-hover:rotate-[-2deg] motion-reduce:transition-none sm:w-32"
        />
        {pack.availableCount > 0 ? (
          <LiveBadge className="absolute top-2 left-2" />
        ) : (
          <SoldOutBadge className="absolute top-2 left-2" />
        )}
        {badge ? <span className="absolute top-2 right-2">{badge}</span> : null}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <span className="text-muted-foreground text-xs">{pack.category}</span>
        <span className="leading-snug font-semibold">{pack.name}</span>
        <span className="mt-auto pt-1 text-lg font-bold tabular-nums">
          {formatCents(pack.priceCents)}
        </span>
      </div>
    </Link>
  );
}
