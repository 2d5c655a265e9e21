import { Link } from "react-router";
import type { Route } from "./+types/value";
import { ContentPage } from "~/components/content/content-page";
import { pageMeta } from "~/lib/meta";
import { staticPageHandle } from "~/lib/page-cache";
import { ABOVE_FMV_WARNING_BP, NO_ESTIMATE } from "~/lib/value/comps";
import { ESTIMATOR } from "~/lib/value/estimate";
import { BUYBACK_PERCENT } from "~/lib/rates";

/** Visitors get this page from the page cache. */
export const handle = staticPageHandle;

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "How We Value Cards",
    "How PackVault estimates a graded card's fair market value from its sales, and how sure we are: the method, in plain words.",
  );

const section = "space-y-3";
const heading = "text-xl font-semibold";

/**
 * /value (docs/product/value.md "How we estimate a card's value"): the estimator's method in
 * plain words, with the numbers it uses (from the estimator itself, so page and code agree).
 * Every FMV shown links here.
 */
export default function ValuePage() {
  return (
    <ContentPage
      title="How We Value Cards"
      lead="Every value PackVault shows comes from real sales you can see on the card's own page. Here is how we get from those sales to one number, and how sure we are of it."
    >
      <div className="space-y-8 leading-relaxed">
        <section className={section} aria-labelledby="comps">
          <h2 id="comps" className={heading}>
            1. The sales we count
          </h2>
          <p>
            A <strong>comp</strong> (comparable sale) is one sale of the same card, graded by the
            same grader at the same grade: a PSA 10 is priced from PSA 10 sales. Every slab sold on
            the PackVault marketplace is a comp the moment the sale completes. Our staff also add
            sales from other marketplaces and auction houses (eBay, Goldin, ...), each with its
            source and link.
          </p>
          <p>
            Sales back to PackVault (buybacks) do not count: they are always {BUYBACK_PERCENT} of
            the value at the pull, not a market price. Trades do not count either: no price changes
            hands. When staff find a sale that does not reflect the market (a mistake, or a sale
            between related accounts), they exclude it with a reason. It stays on the card&apos;s
            page, marked &quot;Excluded&quot; with that reason, and no longer counts.
          </p>
        </section>
        <section className={section} aria-labelledby="method">
          <h2 id="method" className={heading}>
            2. From sales to a value
          </h2>
          <ol className="list-decimal space-y-2 pl-6">
            <li>
              We take the newest {ESTIMATOR.window} sales of that card, grader and grade, none older
              than {Math.round(ESTIMATOR.maxAgeDays / 365)} years.
            </li>
            <li>
              We set aside outliers: sales far above or below the rest (more than{" "}
              {ESTIMATOR.iqrFence} times the spread of the middle half of prices outside it,
              measured in proportion, so double and half count as equally far).
            </li>
            <li>
              With at least {ESTIMATOR.minComps} sales left, the value is their{" "}
              <strong>recency-weighted median</strong>: the middle price, where a sale counts half
              as much for every {ESTIMATOR.halfLifeDays} days of age. A median is not pulled by one
              odd sale the way an average is.
            </li>
            <li>
              With fewer, we look at the nearest grade of the same grader (within one grade point)
              that has enough sales, and scale its value: each grade point is worth{" "}
              {1 / ESTIMATOR.gradeRatio} times the one below. Such a value is marked &quot;from a
              neighbouring grade&quot; and gets a lower confidence.
            </li>
            <li>
              Otherwise we say <strong>&quot;{NO_ESTIMATE}&quot;</strong>. We never show $0 for a
              card we cannot value.
            </li>
          </ol>
        </section>
        <section className={section} aria-labelledby="confidence">
          <h2 id="confidence" className={heading}>
            3. How sure we are: the confidence
          </h2>
          <p>Every value comes with a confidence from 0 to 100, made of three parts:</p>
          <ul className="list-disc space-y-2 pl-6">
            <li>
              <strong>How many sales</strong> (up to 40): 4 points per sale, full marks from 10.
            </li>
            <li>
              <strong>How recent</strong> (up to 30): full marks for a sale today, half after{" "}
              {ESTIMATOR.halfLifeDays} days without one, a quarter after twice that.
            </li>
            <li>
              <strong>How much they agree</strong> (up to 30): full marks when the sales agree, none
              when they typically differ from the middle price by half of it.
            </li>
          </ul>
          <p>
            70 and above is high, 40 to 69 medium, below 40 low. A value from a neighbouring grade
            keeps {Math.round(ESTIMATOR.neighbourPenalty * 100)} % of that grade&apos;s confidence.
          </p>
        </section>
        <section className={section} aria-labelledby="updates">
          <h2 id="updates" className={heading}>
            4. When values change
          </h2>
          <p>
            A card&apos;s value is recomputed within moments of a new sale or an exclusion, and
            every value is recomputed each night, since sales age. Slabs in your vault follow their
            grade&apos;s value. A slab waiting in a pack keeps the value it was added to its tier
            with until it is pulled, and the buyback offered at a pull stays {BUYBACK_PERCENT} of
            the value at that moment. Staff may fix one slab&apos;s value by hand (every such change
            is recorded).
          </p>
        </section>
        <section className={section} aria-labelledby="using">
          <h2 id="using" className={heading}>
            5. Where you see it
          </h2>
          <p>
            On each card&apos;s page (its values per grade, every sale on a chart, the slabs we hold
            and the ones for sale), in your vault (each card&apos;s value today beside what you
            paid, and your portfolio over time), and when you list or make an offer: a listing more
            than {ABOVE_FMV_WARNING_BP / 100} % above the value is flagged, so you can check your
            price. Values are estimates from past sales, not offers to buy.
          </p>
          <p>
            <Link to="/marketplace" className="underline underline-offset-2">
              Browse the marketplace
            </Link>{" "}
            to find a card&apos;s page.
          </p>
        </section>
      </div>
    </ContentPage>
  );
}
