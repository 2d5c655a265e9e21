import { Fragment } from "react";
import { Link, data } from "react-router";
import type { Route } from "./+types/cards.$id";
import { parseProductId } from "./+shop/product-id";
import { BidLadder } from "./+cards/bid-ladder";
import { CompsTable } from "./+cards/comps-table";
import { ValuesTable } from "./+cards/values-table";
import { usePriceHistory } from "./+cards/use-price-history";
import { YourSlabs } from "./+cards/your-slabs";
import { loadCardLadder } from "~/.server/auctions/card-ladder";
import { can } from "~/.server/policy/permissions";
import { intent, runIntent } from "~/.server/http/run-intent";
import { requestCtx } from "~/.server/request-context";
import { loadCardPage, saleRows } from "~/.server/value/card-page";
import { excludeComp } from "~/.server/value/comps";
import { routeErrorBoundary } from "~/components/errors/route-error-page";
import { PriceHistory } from "~/components/value/price-history";
import { formatCents } from "~/lib/money";
import { BUYBACK_PERCENT } from "~/lib/rates";
import { pageMeta } from "~/lib/meta";
import { livePageHandle, pageTags } from "~/lib/page-cache";
import { excludeCompSchema } from "~/lib/schemas/value";
import { gradeKey } from "~/lib/value/card-value";
import { Breadcrumbs } from "~/components/navigation/breadcrumbs";

/**
 * Visitors get this page from the page cache; a sale, an import, an exclusion, a recompute or a
 * standing bid placed, filled or ended invalidates it.
 */
export const handle = livePageHandle(({ id }) => [pageTags.card(id), pageTags.listings]);

const NOT_FOUND = "Card Not Found";

/**
 * /cards/{id} (docs/product/value.md "A card's page"): public, with the bid ladder beside the
 * listings; staff also get the exclusion form. The viewer's own slabs load after it.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = parseProductId(params.id);
  const ctx = requestCtx(context);
  const [page, ladder] =
    id === null ? [null, []] : await Promise.all([loadCardPage(ctx, id), loadCardLadder(ctx, id)]);
  if (!page) throw data(NOT_FOUND, { status: 404 });
  return {
    ...page,
    recent: saleRows(page.recent),
    ladder,
    buyback: BUYBACK_PERCENT,
    canManage: can(context.user?.role, "manageValues"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return pageMeta(NOT_FOUND, "This card is not in our catalogue.");
  const { card, values } = loaderData;
  const best = values[0];
  return pageMeta(
    `${card.name} (${card.setName} #${card.number}) value`,
    best
      ? `${card.name} ${gradeKey(best.grader, best.grade)}: fair market value ${formatCents(best.fmvCents)} from ${best.compCount} sales, with its price history.`
      : `${card.name}: recent sales, price history and the slabs PackVault holds.`,
  );
};

/**
 * Staff exclude a sale from the card's values (`exclude-comp`: `compId`, `reason`), back to
 * this page with a toast; the values follow once the recompute job has run.
 */
export const action = (args: Route.ActionArgs) =>
  runIntent(
    args,
    {
      "exclude-comp": intent({
        schema: excludeCompSchema,
        allow: (user) => can(user.role, "manageValues"),
        run: excludeComp,
        done: ({ cardId }) => ({
          redirect: `/cards/${cardId}`,
          toasts: [
            {
              kind: "success",
              title: "Sale excluded",
              description: "It no longer counts; the card's value is being recomputed.",
            },
          ],
        }),
        failureTitle: "Failed to exclude the sale",
      }),
    },
    { home: `/cards/${parseProductId(args.params.id) ?? ""}` },
  );

export default function CardPage({ loaderData }: Route.ComponentProps) {
  const { card, picture, values, grades, recent, population, listings, ladder, canManage } =
    loaderData;
  const history = usePriceHistory(card.id, grades.length > 0);
  const identity = [card.setName, `#${card.number}`, String(card.year), card.variant].filter(
    Boolean,
  );
  return (
    <div className="card-page">
      <Breadcrumbs
        trail={[{ to: "/marketplace", label: "Marketplace" }]}
        here={card.name}
        className="mb-6"
      />
      <div className="grid gap-8 md:grid-cols-[16rem_minmax(0,1fr)]">
        <div className="bg-surface-2 flex justify-center rounded-2xl p-4">
          {picture ? (
            <img
              src={picture.src}
              alt={picture.alt}
              width={picture.width}
              height={picture.height}
              decoding="async"
              className="h-auto w-48"
            />
          ) : (
            <p className="text-muted-foreground self-center text-sm">No picture yet</p>
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <header className="space-y-1">
            <p className="text-muted-foreground text-sm">{card.category}</p>
            <h1 className="text-3xl font-bold tracking-tight text-balance">{card.name}</h1>
            <p className="text-muted-foreground dot-list">
              {identity.map((part, i) => (
                <Fragment key={i}>
                  {i > 0 ? " " : null}
                  <span>{part}</span>
                </Fragment>
              ))}
            </p>
          </header>
          <section aria-labelledby="values-heading">
            <h2 id="values-heading">Fair market value</h2>
            <ValuesTable values={values} population={population} />
            <p className="text-muted-foreground text-sm">
              {"Every value comes from the sales below. "}
              <Link to="/value" className="underline underline-offset-2">
                How we estimate it
              </Link>
              .
            </p>
          </section>
        </div>
      </div>
      <section aria-labelledby="history-heading" className="mt-10">
        <h2 id="history-heading">Price history</h2>
        <PriceHistory grades={grades} history={history} values={values} />
      </section>
      <div className="mt-10 grid gap-8 md:grid-cols-2">
        <section aria-labelledby="listings-heading">
          <h2 id="listings-heading">For sale on PackVault</h2>
          {listings.length === 0 ? (
            <p className="text-muted-foreground text-sm">
              {"No slab of this card is listed right now. "}
              <Link to="/marketplace" className="underline underline-offset-2">
                Browse the marketplace
              </Link>
              .
            </p>
          ) : (
            <ul className="divide-y rounded-xl border">
              {listings.map((l) => (
                <li key={l.id} className="flex items-center justify-between gap-4 p-3">
                  <Link to={`/marketplace/${l.id}`} className="min-w-0 truncate hover:underline">
                    <span className="dot-list">
                      <span>{l.title}</span>{" "}
                      <span className="text-muted-foreground">{gradeKey(l.grader, l.grade)}</span>
                    </span>
                  </Link>
                  <span className="font-semibold tabular-nums">{formatCents(l.priceCents)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <BidLadder cardId={card.id} ladder={ladder} buyback={loaderData.buyback} />
      </div>
      <YourSlabs cardId={card.id} />
      <section aria-labelledby="sales-heading" className="mt-10">
        <h2 id="sales-heading">Recent sales</h2>
        <CompsTable
          comps={recent}
          total={grades.reduce((n, g) => n + g.counted + g.excluded, 0)}
          canManage={canManage}
        />
      </section>
    </div>
  );
}

export const ErrorBoundary = routeErrorBoundary({
  notFound: { title: NOT_FOUND, message: "We could not find this card in our catalogue." },
  failed: "We could not load this card's values. Please try again in a moment.",
  back: { to: "/marketplace", label: "Back to the marketplace" },
});
