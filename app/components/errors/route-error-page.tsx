import type { ReactNode } from "react";
import { Link, isRouteErrorResponse } from "react-router";
import { Button } from "~/components/ui/button";
import { thrownRefusal } from "~/lib/intent-reply";

/**
 * What a page shows in place of itself when its loader fails (the route's `ErrorBoundary`,
 * docs/decisions/012-one-seam-and-after-commit-effects.md: anything a route does not handle
 * reaches it): a heading (`title`, 'Card Not Found'), one line saying what happened
 * (`message`), and a button back to where the visitor can carry on (`back`, '/marketplace' and
 * 'Back to Marketplace'). `badge` stands big above the heading ('404').
 */
export function RouteErrorPage({
  title,
  message,
  back,
  badge,
}: {
  title: string;
  message: ReactNode;
  back: { to: string; label: string };
  badge?: string;
}) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      {badge ? <p className="text-accent text-6xl font-black">{badge}</p> : null}
      <h1 className={badge ? "mt-4 text-3xl font-bold" : "text-3xl font-bold"}>{title}</h1>
      <p className="text-muted-foreground mt-3">{message}</p>
      <Button asChild className="mt-8">
        <Link to={back.to}>{back.label}</Link>
      </Button>
    </div>
  );
}

/**
 * A route's `ErrorBoundary`, as a RouteErrorPage under `title` ('Something went wrong' by
 * default) with a button `back`, saying what happened:
 * - a 404, when the page is about one thing (a card, a listing, an auction): `notFound`, its
 *   heading, its line and its `badge` if given;
 * - a request the seam refused by throwing it: the refusal's message (thrownRefusal,
 *   app/lib/intent-reply.ts), else `refused` ('We could not load the marketplace.');
 * - anything else (a crash, a 5xx, a 4xx with no `refused`): `failed`.
 */
export function routeErrorBoundary({
  title = "Something went wrong",
  notFound,
  failed,
  refused = failed,
  back,
}: {
  title?: string;
  notFound?: { title: string; message: string; badge?: string };
  failed: string;
  refused?: string;
  back: { to: string; label: string };
}) {
  return function ErrorBoundary({ error }: { error: unknown }) {
    const status = isRouteErrorResponse(error) ? error.status : 500;
    if (status === 404 && notFound) return <RouteErrorPage {...notFound} back={back} />;
    const message = status >= 500 ? failed : (thrownRefusal(error) ?? refused);
    return <RouteErrorPage title={title} message={message} back={back} />;
  };
}
