import type { ComponentProps } from "react";
import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import type { IconName } from "~/components/ui/icon-names";

/** Lucide has no basketball; this one is drawn in its style (24 box, 2px round strokes). */
function BasketballIcon(props: ComponentProps<"svg">) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      {...props}
    >
      <circle cx="12" cy="12" r="10" />
      <path d="M2 12h20M12 2v20M5 5a10 10 0 0 1 0 14M19 5a10 10 0 0 0 0 14" />
    </svg>
  );
}

/** A tile's icon: from the sprite, or the basketball drawn here. */
function TileIcon({ name, className }: { name: IconName | "basketball"; className: string }) {
  return name === "basketball" ? (
    <BasketballIcon className={className} aria-hidden="true" />
  ) : (
    <Icon name={name} className={className} />
  );
}

/** docs/product/catalogue.md: 'Explore categories' tiles, all linking to /packs. */
const CATEGORIES: { name: string; icon: IconName | "basketball"; art: string }[] = [
  { name: "Pokemon", icon: "zap", art: "from-amber-400 via-orange-500 to-red-600" },
  { name: "MTG", icon: "wand-sparkles", art: "from-violet-500 via-purple-600 to-indigo-800" },
  { name: "Sports", icon: "trophy", art: "from-emerald-400 via-teal-500 to-cyan-700" },
  { name: "Star Wars", icon: "rocket", art: "from-slate-600 via-slate-800 to-black" },
  { name: "Comics", icon: "book-open", art: "from-rose-400 via-pink-500 to-fuchsia-700" },
  { name: "Basketball", icon: "basketball", art: "from-orange-400 via-orange-600 to-amber-800" },
];

/** Six category tiles with generated gradient art and an icon; no external images. */
export function CategoryTiles() {
  return (
    <section aria-labelledby="categories-title" className="mx-auto max-w-6xl px-4 py-12">
      <h2 id="categories-title" className="text-2xl font-bold tracking-tight">
        Explore categories
      </h2>
      <p className="text-muted-foreground mt-1 mb-6 text-sm">
        Packs for every shelf, from pocket monsters to hardwood legends.
      </p>
      <ul className="category-tiles grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {CATEGORIES.map(({ name, icon, art }) => (
          <li key={name}>
            {/* Styled by `.category-tiles` in app.css (one name instead of each tile's lists). */}
            <Link to="/packs" className="group">
              <div className={art}>
                <div />
                <div />
                <TileIcon name={icon} className="tile-icon" />
              </div>
              <div>
                <span>{name}</span>
                <Icon name="arrow-right" className="tile-arrow" />
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
