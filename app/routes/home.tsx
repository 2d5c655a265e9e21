import type { Route } from "./+types/home";
import { LATEST_SALES_LIMIT, listLatestSales } from "~/.server/activity/latest-sales";
import { requestCtx } from "~/.server/request-context";
import { pageMeta } from "~/lib/meta";
import { CategoryTiles } from "./+home/category-tiles";
import { Hero } from "./+home/hero";
import { HowItWorks } from "./+home/how-it-works";
import { LatestSales } from "./+home/latest-sales";
import { SignUpCta } from "./+home/sign-up-cta";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Graded collectibles and mystery packs",
    "Open mystery packs of graded cards: every card is graded, vaulted and insured. Sell back at 90%, trade or ship it home.",
  );

/** Latest Sales, with the server's clock so relative times hydrate unchanged. */
export async function loader({ context }: Route.LoaderArgs) {
  const ctx = requestCtx(context);
  return { sales: await listLatestSales(ctx, LATEST_SALES_LIMIT), now: ctx.now() };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Hero />
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
