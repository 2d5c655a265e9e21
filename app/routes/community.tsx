import { ArrowLeftRight, CalendarDays, MessagesSquare } from "lucide-react";
import type { Route } from "./+types/community";
import { ContentPage } from "~/components/content/content-page";
import { InfoCard } from "~/components/content/info-card";
import { Badge } from "~/components/ui/badge";
import { pageMeta } from "~/lib/meta";
import { staticPageHandle } from "~/lib/page-cache";

/** Visitors get this page from the page cache. */
export const handle = staticPageHandle;

/** The Community Hub: three areas, each 'Coming soon'. */
const AREAS = [
  {
    title: "Forum",
    icon: MessagesSquare,
    text: "Talk grading, pulls and price trends with other collectors, and get answers from our team.",
  },
  {
    title: "Trading Hub",
    icon: ArrowLeftRight,
    text: "Find collectors who have the card you need and want the one you have, then trade safely.",
  },
  {
    title: "Events",
    icon: CalendarDays,
    text: "Meet-ups, tournaments and online breaks organised by and for the community.",
  },
] as const;

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Community Hub",
    "The PackVault Community Hub: a collectors' forum, a trading hub and community events, coming soon.",
  );

export default function Community() {
  return (
    <ContentPage
      title="Community Hub"
      lead="A home for collectors to talk, trade and meet. We are building it now."
    >
      <div className="grid gap-4 md:grid-cols-3">
        {AREAS.map(({ title, icon, text }) => (
          <InfoCard
            key={title}
            icon={icon}
            title={title}
            badge={<Badge className="border-accent/40 bg-accent/15 text-accent">Coming soon</Badge>}
          >
            <p>{text}</p>
          </InfoCard>
        ))}
      </div>
    </ContentPage>
  );
}
