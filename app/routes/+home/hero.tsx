import { Icon } from "~/components/ui/icon";
import { deferred } from "~/lib/deferred";
import { HERO_CARDS } from "./hero-cards";
import { BUYBACK_PERCENT } from "~/lib/rates";

/** The carousel's code loads after the page's (docs/decisions/036-deferred-page-parts.md). */
const HeroCarousel = deferred(() => import("./hero-carousel").then((m) => m.HeroCarousel));

const PROMISES = [
  { icon: "badge-check", title: "Graded", text: "Every slab carries a PVG grade and cert number" },
  { icon: "vault", title: "Vaulted", text: "Stored in your vault until you want it in hand" },
  {
    icon: "shield-check",
    title: "Insured",
    text: "Covered at its estimated value while we hold it",
  },
] as const;

/** The home page's opening: the promise (graded, vaulted, insured) and the slab carousel. */
export function Hero() {
  return (
    <section
      aria-labelledby="home-title"
      className="relative isolate overflow-hidden border-b bg-[radial-gradient(ellipse_80%_60%_at_50%_0%,color-mix(in_oklch,var(--accent)_22%,transparent),transparent)]"
    >
      <div className="mx-auto max-w-6xl px-4 pt-8 pb-8 sm:pt-10">
        <div className="mx-auto max-w-4xl text-center">
          <p className="border-accent/40 bg-accent/10 text-foreground mx-auto inline-flex items-center gap-2 rounded-full border px-3 py-1 text-xs font-semibold tracking-wide uppercase">
            <Icon name="shield-check" className="text-accent size-3.5" />
            Graded · Vaulted · Insured
          </p>
          <h1
            id="home-title"
            className="mt-4 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl"
          >
            Open mystery packs of <span className="text-accent">graded cards</span>
          </h1>
          <p className="text-muted-foreground mx-auto mt-4 max-w-2xl text-base text-pretty sm:text-lg">
            Every card is graded, vaulted and insured. Pull a slab, keep it in your vault, sell it
            back instantly at {BUYBACK_PERCENT} of its value, or have it shipped to your door.
          </p>
        </div>
        <div className="mt-8">
          <HeroCarousel cards={HERO_CARDS} />
        </div>
        <ul className="mx-auto mt-8 grid max-w-4xl gap-3 sm:grid-cols-3">
          {PROMISES.map(({ icon, title, text }) => (
            <li key={title} className="bg-surface/70 flex items-start gap-3 rounded-xl border p-4">
              <Icon name={icon} className="text-accent mt-0.5 size-5 shrink-0" />
              <div>
                <p className="font-semibold">{title}</p>
                <p className="text-muted-foreground text-sm">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
