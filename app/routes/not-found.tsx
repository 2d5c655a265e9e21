import { Link, data } from "react-router";
import type { Route } from "./+types/not-found";
import { Button } from "~/components/ui/button";
import { pageMeta } from "~/lib/meta";

export function loader({ request, context }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname;
  context.log.warn({ path }, "page not found");
  return data({ path }, { status: 404 });
}

export const meta: Route.MetaFunction = () =>
  pageMeta("Page not found", "This page does not exist.");

export default function NotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-accent text-6xl font-black">404</p>
      <h1 className="mt-4 text-3xl font-bold">Oops! Page not found</h1>
      <p className="text-muted-foreground mt-3">
        The page you are looking for has moved or never existed.
      </p>
      <Button asChild className="mt-8">
        <Link to="/">Return to Home</Link>
      </Button>
    </div>
  );
}
