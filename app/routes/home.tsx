import type { Route } from "./+types/home";
import { LATEST_SALES_LIMIT, listLatestSales } from "~/.server/activity/latest-sales";
import { listHomePacks } from "~/.server/packs/catalog";
import { requestCtx } from "~/.server/request-context";
import { pageMeta } from "~/lib/meta";
import { CategoryTiles } from "./+home/category-tiles";
import { Hero } from "./+home/hero";
import { HowItWorks } from "./+home/how-it-works";
import { SignUpCta } from "./+home/sign-up-cta";
import { redeemDefaults } from "./+packs/redeem-defaults.server";
import { livePageHandle, pageTags } from "~/lib/page-cache";
import { deferred } from "~/lib/deferred";
import { BUYBACK_PERCENT } from "~/lib/rates";

// The pack row (with the pack opening) and the live sales feed load after the page's own code
// (docs/decisions/036-deferred-page-parts.md).
const PackRow = deferred(() => import("./+home/pack-row").then((m) => m.PackRow));
const LatestSales = deferred(() => import("./+home/latest-sales").then((m) => m.LatestSales));

/** Visitors get this page from the page cache; writes invalidate its tags. */
export const handle = livePageHandle(() => [pageTags.catalogue, pageTags.packs, pageTags.feed]);

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Graded collectibles and mystery packs",
    `Open mystery packs of graded cards: every card is graded, vaulted and insured. Sell back at ${BUYBACK_PERCENT}, trade or ship it home.`,
  );

/**
 * Latest Sales, with the server's clock so relative times hydrate unchanged; the 'Grab a pack'
 * row's live packs, and the redeem form's prefill for its opening dialog.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const ctx = requestCtx(context);
  const [sales, packs, defaultAddress] = await Promise.all([
    listLatestSales(ctx, LATEST_SALES_LIMIT),
    listHomePacks(ctx),
    redeemDefaults(context),
  ]);
  return { sales, now: ctx.now(), packs, defaultAddress };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Hero />
      <PackRow packs={loaderData.packs} defaultAddress={loaderData.defaultAddress} />
      <CategoryTiles />
      <HowItWorks />
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-12 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <LatestSales sales={loaderData.sales} now={loaderData.now} />
        </div>
        <div className="lg:col-span-2">
          <SignUpCta />
        </div>
      </div>
    </>
  );
}
