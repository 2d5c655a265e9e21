import { Award } from "lucide-react";
import { useLoaderData } from "react-router";
import type { loader } from "../account";
import { Section } from "./section";
import { cn } from "~/lib/cn";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });
const pointsFormat = new Intl.NumberFormat("en-US");

/** A signed number of points: "+19", "-50". */
const signedPoints = (points: number) => `${points > 0 ? "+" : ""}${pointsFormat.format(points)}`;

/**
 * 'Reward points' on the Profile tab (docs/product/cart-and-orders.md): the
 * balance, the total ever earned and the last 10 reward transactions with date, description and
 * points, or 'No reward activity yet'. Reads the /account loader's `rewards`.
 */
export function RewardsCard() {
  const { rewards } = useLoaderData<typeof loader>();
  const stats = [
    { term: "Balance", value: rewards.points },
    { term: "Total earned", value: rewards.totalEarned },
  ];
  return (
    <Section
      id="rewards"
      title="Reward points"
      description="You earn 1 point for every whole dollar of each order."
    >
      <dl className="grid grid-cols-2 gap-3">
        {stats.map(({ term, value }) => (
          <div key={term} className="bg-surface-2 rounded-lg p-4">
            <dt className="text-muted-foreground text-sm">{term}</dt>
            <dd className="mt-1 flex items-center gap-2 text-2xl font-bold">
              <Award className="text-accent size-5" aria-hidden="true" />
              {pointsFormat.format(value)}
            </dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-5 mb-2 text-sm font-semibold">Recent activity</h3>
      {rewards.recent.length === 0 ? (
        <p className="text-muted-foreground text-sm">No reward activity yet</p>
      ) : (
        <ul aria-label="Recent reward activity" className="divide-y rounded-lg border">
          {rewards.recent.map((entry) => (
            <li key={entry.id} className="flex items-center gap-3 px-4 py-3 text-sm">
              <time
                dateTime={new Date(entry.createdAt).toISOString()}
                className="text-muted-foreground w-28 shrink-0"
              >
                {dateFormat.format(new Date(entry.createdAt))}
              </time>
              <span className="min-w-0 flex-1 truncate">{entry.description}</span>
              <span
                className={cn(
                  "font-semibold tabular-nums",
                  entry.points >= 0 ? "text-green-700 dark:text-green-400" : "text-danger",
                )}
              >
                {signedPoints(entry.points)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
