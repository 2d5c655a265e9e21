import { Bell, Check } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/notifications";
import { requireUser } from "~/.server/auth/guards";
import { intent, runIntent } from "~/.server/http/run-intent";
import { listNotifications, markNotificationsRead } from "~/.server/notifications/inbox";
import { requestCtx } from "~/.server/request-context";
import { Button } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { cn } from "~/lib/cn";
import { pageMeta } from "~/lib/meta";
import { markAllReadSchema, markReadSchema } from "~/lib/schemas/notifications";
import { Time } from "~/components/ui/time";

const TITLE = "Notifications";

export const meta: Route.MetaFunction = () =>
  pageMeta(TITLE, "What happened to your orders, offers, trades and sales at PackVault.");

/**
 * /notifications (docs/decisions/020-notifications.md): the signed-in user's notifications,
 * newest first, a page at a time (`?before=<id>` for older ones). Signed out: to /auth.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireUser(request, context);
  const before = Number(new URL(request.url).searchParams.get("before"));
  return listNotifications(requestCtx(context), {
    before: Number.isSafeInteger(before) && before > 0 ? before : null,
  });
}

/** Mark one read (`mark-read`) or all read (`mark-all-read`); back to the page. */
export const action = (args: Route.ActionArgs) =>
  runIntent(
    args,
    {
      "mark-read": intent({
        schema: markReadSchema,
        run: (ctx, input) => markNotificationsRead(ctx, { id: input.notificationId }),
        done: (_n, _input, { returnTo }) => ({ redirect: returnTo }),
      }),
      "mark-all-read": intent({
        schema: markAllReadSchema,
        run: (ctx) => markNotificationsRead(ctx, { all: true }),
        done: (_n, _input, { returnTo }) => ({
          redirect: returnTo,
          toasts: [{ kind: "success", title: "All notifications marked as read" }],
        }),
      }),
    },
    { home: "/notifications", refuseByRedirect: true },
  );

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { notifications, unread, nextCursor } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeader title={TITLE} lead={unread > 0 ? `${unread} unread` : "You're all caught up"} />
      {unread > 0 ? (
        <Form method="post" className="mb-4">
          <input type="hidden" name="intent" value="mark-all-read" />
          <Button type="submit" variant="outline" size="sm" disabled={busy}>
            <Check className="size-4" aria-hidden="true" />
            {busy ? "Saving..." : "Mark all as read"}
          </Button>
        </Form>
      ) : null}
      {notifications.length === 0 ? (
        <div className="bg-surface flex flex-col items-center gap-4 rounded-xl border border-dashed p-10 text-center">
          <Bell className="text-muted-foreground size-8" aria-hidden="true" />
          <p className="text-muted-foreground">
            No notifications yet. We will tell you here when something happens.
          </p>
        </div>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Notifications">
          {notifications.map((n) => (
            <li
              key={n.id}
              className={cn(
                "bg-surface flex flex-col gap-1 rounded-lg border p-4 sm:flex-row sm:items-start sm:justify-between",
                !n.read && "border-accent",
              )}
            >
              <div className="min-w-0">
                <h2 className="font-semibold">
                  {!n.read ? <span className="sr-only">Unread: </span> : null}
                  {n.link ? (
                    <Link to={n.link} className="hover:underline">
                      {n.title}
                    </Link>
                  ) : (
                    n.title
                  )}
                </h2>
                <p className="text-muted-foreground text-sm">{n.body}</p>
                <p className="text-muted-foreground text-xs">
                  <Time value={n.createdAt} />
                </p>
              </div>
              {!n.read ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="mark-read" />
                  <input type="hidden" name="notificationId" value={n.id} />
                  <Button type="submit" variant="ghost" size="sm" disabled={busy}>
                    Mark as read
                  </Button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {nextCursor ? (
        <div className="mt-6 flex justify-center">
          <Button asChild variant="outline">
            <Link to={`/notifications?before=${nextCursor}`}>Older notifications</Link>
          </Button>
        </div>
      ) : null}
    </div>
  );
}
