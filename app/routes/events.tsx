import { CalendarDays, CalendarX, CircleCheck, Clock, MapPin } from "lucide-react";
import { Link, useFetcher } from "react-router";
import type { Route } from "./+types/events";
import { formatEventDate, formatEventTime } from "./+content/event-time";
import { NewsletterBox } from "./+content/newsletter-form";
import {
  cancelEventRegistration,
  registerForEvent,
  registeredEventIds,
} from "~/.server/catalog/event-registration";
import { listEvents } from "~/.server/catalog/events";
import { intent, runIntent } from "~/.server/http/run-intent";
import { requestCtx } from "~/.server/request-context";
import { subscribeToNewsletter, type NewsletterSubscription } from "~/.server/support/newsletter";
import { ContentPage } from "~/components/content/content-page";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { pageMeta } from "~/lib/meta";
import { eventRegistrationSchema } from "~/lib/schemas/events";
import { newsletterSubscriptionSchema } from "~/lib/schemas/newsletter";
import { signInHref } from "~/lib/sign-in-href";
import { livePageHandle, pageTags } from "~/lib/page-cache";

/** Visitors get this page from the page cache; writes invalidate its tags. */
export const handle = livePageHandle(() => [pageTags.events]);

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Events",
    "Card shows, tournaments and collectibles fairs at the PackVault store, with dates, times and how to stay updated.",
  );

/**
 * The events with day and hours formatted in the store's time zone: those still to come first,
 * soonest first, then those that have ended (`ended`: their end is past), latest first; and
 * the ids the signed-in user registered for (null for a visitor).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const ctx = requestCtx(context);
  const [events, registered] = await Promise.all([listEvents(ctx), registeredEventIds(ctx)]);
  const now = ctx.now().getTime();
  const ended = (e: { endsAt: Date }) => e.endsAt.getTime() <= now;
  const ordered = [...events.filter((e) => !ended(e)), ...events.filter(ended).reverse()];
  return {
    registered,
    events: ordered.map((e) => ({
      id: e.id,
      title: e.title,
      startsAt: e.startsAt.toISOString(),
      date: formatEventDate(e.startsAt),
      time: formatEventTime(e.startsAt, e.endsAt),
      location: e.location,
      description: e.description,
      ended: ended(e),
    })),
  };
}

/** Register and Cancel registration come back to /events with a toast, success or error. */
const backToEvents = (title: string) => ({ redirect: "/events", toasts: [success(title)] });
const success = (title: string) => ({ kind: "success" as const, title });

/**
 * By `intent`: 'Stay Updated' subscribes the email ("subscribe", anyone); Register and Cancel
 * registration ("register", "cancel-registration", signed in only) come back to /events with
 * a toast. Bad input or an unknown intent gets a 400.
 */
export const action = (args: Route.ActionArgs) =>
  runIntent<{ subscription: NewsletterSubscription }>(
    args,
    {
      subscribe: intent({
        schema: newsletterSubscriptionSchema,
        auth: "visitor",
        run: subscribeToNewsletter,
        done: (subscription) => ({ reply: { subscription }, resetForm: true }),
      }),
      register: intent({
        schema: eventRegistrationSchema,
        run: registerForEvent,
        done: () => backToEvents("You're registered for the event"),
        refused: () => ({ redirect: "/events" }),
      }),
      "cancel-registration": intent({
        schema: eventRegistrationSchema,
        run: cancelEventRegistration,
        done: () => backToEvents("Registration cancelled"),
        refused: () => ({ redirect: "/events" }),
      }),
    },
    { home: "/events" },
  );

/**
 * Register for one event: a visitor's link to /auth; signed in, a POST ('Registering...'),
 * or once registered the 'Registered' state with 'Cancel registration' ('Cancelling...').
 */
function EventRegistration({
  eventId,
  registered,
}: {
  eventId: number;
  /** null for a visitor. */
  registered: boolean | null;
}) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  const hintId = `event-${eventId}-registration`;
  if (registered === null) {
    return (
      <>
        <Button asChild aria-describedby={hintId}>
          <Link to={signInHref("/events")}>Register</Link>
        </Button>
        <p id={hintId} className="text-muted-foreground text-sm">
          Sign in to save your spot.
        </p>
      </>
    );
  }
  return (
    <fetcher.Form method="post" preventScrollReset className="flex flex-wrap items-center gap-3">
      <input type="hidden" name="eventId" value={eventId} />
      {registered ? (
        <>
          <p className="flex items-center gap-2 font-medium text-green-700 dark:text-green-400">
            <CircleCheck className="size-5" aria-hidden="true" /> Registered
          </p>
          <Button
            type="submit"
            name="intent"
            value="cancel-registration"
            variant="outline"
            disabled={busy}
          >
            {busy ? "Cancelling..." : "Cancel registration"}
          </Button>
        </>
      ) : (
        <Button type="submit" name="intent" value="register" disabled={busy}>
          {busy ? "Registering..." : "Register"}
        </Button>
      )}
    </fetcher.Form>
  );
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
                className={cn(
                  "bg-surface rounded-xl border p-5 sm:p-6",
                  event.ended && "bg-surface/60 border-dashed",
                )}
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
                  {event.ended ? (
                    <p className="text-muted-foreground flex items-center gap-2 font-medium">
                      <CalendarX className="size-5" aria-hidden="true" />
                      This event has ended
                    </p>
                  ) : (
                    <EventRegistration
                      eventId={event.id}
                      registered={
                        loaderData.registered ? loaderData.registered.includes(event.id) : null
                      }
                    />
                  )}
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
