import { useCarousel } from "~/lib/use-carousel";
import { Icon } from "~/components/ui/icon";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { PackSummary } from "~/lib/domain/packs";
import { PackImage } from "~/components/packs/pack-image";
import { LazyPackDialogs } from "~/components/packs/lazy-pack-dialogs";
import { LiveBadge } from "~/components/packs/pack-tile";
import { usePackOpening } from "~/components/packs/use-pack-opening";
import { Button } from "~/components/ui/button";
import { PausedUntil } from "~/components/play/pause-note";
import { usePause } from "~/components/play/use-pause";
import type { PauseView } from "~/lib/play";
import type { RedeemAddress } from "~/components/vault/redeem-dialog";
import { formatCents } from "~/lib/money";
import { usePrefersReducedMotion } from "~/lib/use-reduced-motion";
import { CarouselControls } from "./carousel-controls";
import { useCarouselScrollable } from "./use-carousel-scrollable";
import { isRotationControl } from "./rotation-toggle";

/** docs/product/packs-and-fairness.md: the home pack carousel advances every 2 s. */
const ADVANCE_MS = 2000;

/**
 * One live pack of the row: its art, "Live", name (to its page), price and Open pack; during a
 * break or self-exclusion (`pause`), its end in place of Open pack.
 */
function HomePackCard({
  pack,
  pause,
  onOpen,
}: {
  pack: PackSummary;
  pause: PauseView | null;
  onOpen: () => void;
}) {
  return (
    // `.home-pack` (app.css) styles the parts by position.
    <article className="home-pack">
      <div>
        <PackImage pack={pack} alt="" />
        <LiveBadge className="absolute top-2 left-2" />
      </div>
      <div>
        <span>{pack.category}</span>
        <h3>
          <Link to={`/pack/${pack.id}`}>{pack.name}</Link>
        </h3>
        <p>{formatCents(pack.priceCents)}</p>
        {pause ? (
          <PausedUntil pause={pause} className="mt-auto" />
        ) : (
          <Button
            size="sm"
            className="mt-auto"
            onClick={onOpen}
            aria-label={`Open pack: ${pack.name}`}
          >
            <Icon name="package-open" className="size-4" />
            Open pack
          </Button>
        )}
      </div>
    </article>
  );
}

/**
 * The home page's 'Grab a pack' row (docs/product/packs-and-fairness.md):
 * up to 4 live packs in an Embla carousel that advances every 2 s where they do not all fit,
 * pauses while hovered or focused or while a pack is being opened, does not move under
 * prefers-reduced-motion unless the visitor presses play, and has previous/next and
 * pause/play buttons (WCAG 2.2.2). 'Explore Packs' goes to /packs. Each pack opens in the pack
 * opening dialog: a visitor is told 'Please log in to open packs' and sent to /auth; a pack that
 * sold out meanwhile says 'Pack is out of stock'.
 */
export function PackRow({
  packs,
  defaultAddress,
}: {
  packs: PackSummary[];
  defaultAddress: RedeemAddress | null;
}) {
  const { start, dialogs } = usePackOpening({ visitorMessage: "Please log in to open packs" });
  const pause = usePause();
  const [viewport, embla] = useCarousel({ loop: true, align: "start" });
  const reducedMotion = usePrefersReducedMotion();
  const [playChoice, setPlayChoice] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const playing = playChoice ?? !reducedMotion;

  const scrollable = useCarouselScrollable(embla);
  const asking = dialogs.opening !== null || dialogs.confirmation !== null;
  const rotating = playing && scrollable && !hovered && !focused && !asking;

  useEffect(() => {
    if (!embla || !rotating) return;
    const timer = window.setInterval(() => embla.scrollNext(), ADVANCE_MS);
    return () => window.clearInterval(timer);
  }, [embla, rotating]);

  return (
    <section aria-labelledby="grab-a-pack-title" className="mx-auto max-w-6xl px-4 pt-12">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="grab-a-pack-title" className="text-2xl font-bold tracking-tight">
            Grab a pack
          </h2>
          <p className="text-muted-foreground mt-1 text-sm">
            Live packs, cheapest first. Every one holds a graded card.
          </p>
        </div>
        <Link
          to="/packs"
          className="text-accent inline-flex items-center gap-1 text-sm font-semibold underline-offset-4 hover:underline"
        >
          Explore Packs <Icon name="arrow-right" className="size-4" />
        </Link>
      </div>

      {packs.length === 0 ? (
        <p className="text-muted-foreground rounded-xl border border-dashed p-8 text-center">
          No packs available. Check back soon for new drops!
        </p>
      ) : (
        <div
          role="region"
          aria-roledescription="carousel"
          aria-label="Live packs"
          data-rotating={rotating}
          onPointerEnter={() => setHovered(true)}
          onPointerLeave={() => setHovered(false)}
          onFocus={(event) => setFocused(!isRotationControl(event.target))}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
          }}
        >
          <div ref={viewport} className="overflow-hidden">
            <div className="-ml-3 flex touch-pan-y">
              {packs.map((pack, index) => (
                <div
                  key={pack.id}
                  role="group"
                  aria-roledescription="slide"
                  aria-label={`${index + 1} of ${packs.length}`}
                  className="home-pack-slide"
                >
                  <HomePackCard pack={pack} pause={pause} onOpen={() => start(pack)} />
                </div>
              ))}
            </div>
          </div>
          {scrollable ? (
            <CarouselControls
              labels={["Previous pack", "Next pack"]}
              onStep={(step) => (step < 0 ? embla?.scrollPrev() : embla?.scrollNext())}
              playing={playing}
              onPlayingChange={setPlayChoice}
            />
          ) : null}
        </div>
      )}

      <LazyPackDialogs {...dialogs} defaultAddress={defaultAddress} />
    </section>
  );
}
