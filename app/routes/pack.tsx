import { Icon } from "~/components/ui/icon";
import { RouteErrorPage } from "~/components/errors/route-error-page";
import { PauseNote } from "~/components/play/pause-note";
import { usePause } from "~/components/play/use-pause";
import { Link } from "react-router";
import type { Route } from "./+types/pack";
import { ExpectedValue } from "./+packs/expected-value";
import { parsePackId } from "./+packs/pack-id";
import { redeemDefaults } from "./+packs/redeem-defaults.server";
import { MORE_PACKS_SHOWN } from "./+packs/more-packs";
import { photosOf } from "~/.server/media/photos";
import { loadPackDetail } from "~/.server/packs/catalog";
import { requestCtx } from "~/.server/request-context";
import { redirectWithToasts } from "~/.server/toast";
import { PhotoGallery } from "~/components/media/photo-gallery";
import { PackImage } from "~/components/packs/pack-image";
import { LazyPackDialogs } from "~/components/packs/lazy-pack-dialogs";
import { usePackOpening } from "~/components/packs/use-pack-opening";
import { Button } from "~/components/ui/button";
import { pageMeta } from "~/lib/meta";
import { formatCents } from "~/lib/money";
import { livePageHandle, pageTags } from "~/lib/page-cache";
import { Breadcrumbs } from "~/components/navigation/breadcrumbs";
import { deferred } from "~/lib/deferred";

// The odds table and the More Packs strip sit below the fold: their code loads after the page's
// (docs/decisions/036-deferred-page-parts.md).
const RarityOdds = deferred(() => import("./+packs/rarity-odds").then((m) => m.RarityOdds));
const MorePacks = deferred(() => import("./+packs/more-packs").then((m) => m.MorePacks));

/** Visitors get this page from the page cache; writes invalidate its tags. */
export const handle = livePageHandle(({ id }) => [pageTags.pack(id), pageTags.packs]);

/** docs/product/packs-and-fairness.md: the description shown when a pack has none. */
const FALLBACK_DESCRIPTION = "Open this pack to discover exclusive collectible cards!";

/**
 * /pack/{id} (docs/product/packs-and-fairness.md): an active pack, its photos (a gallery, or its
 * generated wrapper without any: docs/product/catalogue.md "Photos"), its odds, pulls so far and
 * the other packs. An unknown, inactive or non-numeric id goes back to /packs with the spec's
 * 'Failed to load pack' toast.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = parsePackId(params.id);
  const [detail, defaultAddress, photos] = await Promise.all([
    id === null ? null : loadPackDetail(requestCtx(context), id),
    redeemDefaults(context),
    id === null ? [] : photosOf(context.db, { packId: id }),
  ]);
  if (!detail) {
    throw await redirectWithToasts(context, "/packs", [
      { kind: "error", title: "Failed to load pack" },
    ]);
  }
  return {
    ...detail,
    morePacks: detail.morePacks.slice(0, MORE_PACKS_SHOWN),
    defaultAddress,
    photos,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return pageMeta("Pack not found", "This pack is not available.");
  const { pack } = loaderData;
  return pageMeta(pack.name, pack.description ?? FALLBACK_DESCRIPTION);
};

export default function PackPage({ loaderData }: Route.ComponentProps) {
  const { pack, pullsByRarity, leftByRarity, morePacks, defaultAddress, photos } = loaderData;
  const { start, dialogs } = usePackOpening({ visitorMessage: "Please sign in to purchase packs" });
  const soldOut = pack.availableCount <= 0;
  const pause = usePause();

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      <Breadcrumbs trail={[{ to: "/packs", label: "Packs" }]} here={pack.name} className="mb-6" />

      <div className="grid gap-8 md:grid-cols-[minmax(0,20rem)_minmax(0,1fr)] md:gap-12 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]">
        <PhotoGallery
          photos={photos}
          altOf={(i) => `${pack.name}, photo ${i + 1}`}
          className="mx-auto w-full max-w-xs md:max-w-none"
          fallback={
            <div className="flex justify-center rounded-2xl border bg-[radial-gradient(circle_at_50%_40%,color-mix(in_oklch,var(--accent)_25%,transparent),transparent_70%)] px-6 py-8">
              <PackImage
                pack={pack}
                loading="eager"
                fetchPriority="high"
                className="w-48 drop-shadow-2xl sm:w-56"
              />
            </div>
          }
        />

        <div className="flex min-w-0 flex-col gap-5">
          <div className="space-y-2">
            <p className="text-accent text-sm font-semibold tracking-wide uppercase">
              {pack.category}
            </p>
            <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
              {pack.name}
            </h1>
            <p className="text-muted-foreground leading-relaxed">
              {pack.description ?? FALLBACK_DESCRIPTION}
            </p>
          </div>

          <div className="bg-surface space-y-4 rounded-2xl border p-4 sm:p-5">
            <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
              <p>
                <span className="text-3xl font-bold tabular-nums">
                  {formatCents(pack.priceCents)}
                </span>{" "}
                <span className="text-muted-foreground text-sm">per pack</span>
              </p>
              <p
                className={
                  soldOut
                    ? "text-danger text-sm font-medium"
                    : "text-sm font-medium text-green-700 dark:text-green-400"
                }
              >
                {soldOut
                  ? "Sold out - Check back later"
                  : `${pack.availableCount.toLocaleString("en-US")} ${pack.availableCount === 1 ? "pack" : "packs"} available`}
              </p>
            </div>
            {pause ? (
              <PauseNote pause={pause} />
            ) : (
              <Button size="lg" className="w-full" disabled={soldOut} onClick={() => start(pack)}>
                <Icon name="package-open" className="size-5" />
                {soldOut ? "Out of Stock" : "Open Pack Now"}
              </Button>
            )}
            <p className="text-muted-foreground flex items-start gap-2 text-xs">
              <Icon name="shield-check" className="text-accent mt-0.5 size-4 shrink-0" />
              <span>
                Paid from your wallet. Every pull is provably fair:{" "}
                <Link
                  to="/fairness"
                  className="text-foreground font-medium underline underline-offset-4"
                >
                  How fairness works / verify your pulls
                </Link>
              </span>
            </p>
          </div>

          <ExpectedValue pack={pack} />
        </div>
      </div>

      <div className="mt-10">
        <RarityOdds pack={pack} pullsByRarity={pullsByRarity} leftByRarity={leftByRarity} />
      </div>

      <MorePacks packs={morePacks} category={pack.category} />

      <LazyPackDialogs {...dialogs} defaultAddress={defaultAddress} />
    </div>
  );
}

/** A pack page that failed to render for another reason: the spec's "Back to Packs". */
export function ErrorBoundary() {
  return (
    <RouteErrorPage
      title="Pack not found"
      message="Failed to load pack. It may have sold out or been retired."
      back={{ to: "/packs", label: "Back to Packs" }}
    />
  );
}
