import type { Route } from "./+types/notifications.live";
import { eventStream } from "~/.server/http/event-stream";

/**
 * `GET /notifications/live`: the signed-in user's inbox signals as Server-Sent Events, over the
 * live feed's pub/sub (app/.server/sales-feed.ts): `event: inbox` whenever one of
 * their notifications is written or read on any instance, so the bell reloads its count. 401
 * for a visitor.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const user = context.user;
  if (!user) return new Response("Please sign in", { status: 401 });
  return eventStream(request, (send, close) =>
    context.salesFeed.watch("inbox", user.id, {
      changed: () => send("inbox", "changed"),
      closed: close,
    }),
  );
}
