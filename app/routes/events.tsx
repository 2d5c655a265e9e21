import { parseWithZod } from "@conform-to/zod/v4";
import { CalendarDays, Clock, MapPin } from "lucide-react";
import { data } from "react-router";
import type { Route } from "./+types/events";
import { formatEventDate, formatEventTime } from "./+content/event-time";
import { NewsletterBox, eventsIntentSchema } from "./+content/newsletter-form";
import { listEvents } from "~/.server/catalog/events";
import { requestCtx } from "~/.server/request-context";
import { subscribeToNewsletter } from "~/.server/support/newsletter";
import { ContentPage } from "~/components/content/content-page";
import { Button } from "~/components/ui/button";
import { pageMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Events",
    "Card shows, tournaments and collectibles fairs at the PackVault store, with dates, times and how to stay updated.",
  );

/** The events, soonest first, with day and hours formatted in the store's time zone. */
export async function loader({ context }: Route.LoaderArgs) {
  const events = await listEvents(requestCtx(context));
  return {
    events: events.map((e) => ({
      id: e.id,
      title: e.title,
      startsAt: e.startsAt.toISOString(),
      date: formatEventDate(e.startsAt),
      time: formatEventTime(e.startsAt, e.endsAt),
      location: e.location,
      description: e.description,
    })),
  };
}

/** 'Stay Updated': subscribes the email (intent "subscribe"); bad input or intent gets a 400. */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: eventsIntentSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), subscription: null }, { status: 400 });
  }
  // The schema admits only intent "subscribe" for now; registration comes with its own intent.
  const subscription = await subscribeToNewsletter(requestCtx(context), submission.value);
  return { result: submission.reply({ resetForm: true }), subscription };
}

export default function Events({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ContentPage
      title="Events"
      lead="Meet other collectors at the store: card shows, tournaments and fairs all year round."
    >
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <ul className="space-y-4">
          {loaderData.events.map((event) => (
            <li key={event.id}>
              <article
                aria-labelledby={`event-${event.id}`}
                className="bg-surface rounded-xl border p-5 sm:p-6"
              >
                <h2 id={`event-${event.id}`} className="text-xl font-semibold">
                  {event.title}
                </h2>
                <ul className="text-muted-foreground mt-3 grid gap-2 text-sm sm:grid-cols-2">
                  <li className="flex items-center gap-2">
                    <CalendarDays className="text-accent size-4 shrink-0" aria-hidden="true" />
                    <time dateTime={event.startsAt}>{event.date}</time>
                  </li>
                  <li className="flex items-center gap-2">
                    <Clock className="text-accent size-4 shrink-0" aria-hidden="true" />
                    {event.time}
                  </li>
                  <li className="flex items-start gap-2 sm:col-span-2">
                    <MapPin className="text-accent mt-0.5 size-4 shrink-0" aria-hidden="true" />
                    {event.location}
                  </li>
                </ul>
                <p className="mt-3">{event.description}</p>
                <div className="mt-4 flex flex-wrap items-center gap-3">
                  <Button disabled aria-describedby={`event-${event.id}-registration`}>
                    Register
                  </Button>
                  <p
                    id={`event-${event.id}-registration`}
                    className="text-muted-foreground text-sm"
                  >
                    Registration opens soon.
                  </p>
                </div>
              </article>
            </li>
          ))}
        </ul>
        <NewsletterBox lastResult={actionData?.result} outcome={actionData?.subscription ?? null} />
      </div>
    </ContentPage>
  );
}
