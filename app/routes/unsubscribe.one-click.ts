import { redirect } from "react-router";
import type { Route } from "./+types/unsubscribe.one-click";
import { intent, runAction } from "~/.server/http/run-intent";
import { UNSUBSCRIBE_PATH, unsubscribeByLink } from "~/.server/mail/unsubscribe";
import { oneClickUnsubscribeSchema } from "~/lib/schemas/notifications";

/**
 * GET /unsubscribe/one-click?u=&c=&s= changes nothing (mail scanners open links): it shows the
 * confirm page of the same signed link.
 */
export function loader({ request }: Route.LoaderArgs) {
  return redirect(`${UNSUBSCRIBE_PATH}${new URL(request.url).search}`);
}

/**
 * POST /unsubscribe/one-click?u=&c=&s= with the body `List-Unsubscribe=One-Click`: a mail
 * client's one-click unsubscribe (RFC 8058; docs/decisions/022-one-click-unsubscribe.md). It
 * carries no session and no Origin (the origin check lets this one path through); the link's
 * signature alone names the account and the email preference it turns off. Answers plain text:
 * 200 'Unsubscribed', 400 'This unsubscribe link is not valid' or the form's error.
 */
export const action = (args: Route.ActionArgs) =>
  runAction(
    args,
    "one-click-unsubscribe",
    intent({
      schema: oneClickUnsubscribeSchema,
      auth: "visitor",
      run: (ctx, _input, req) =>
        unsubscribeByLink(
          ctx,
          args.context.unsubscribeKey,
          Object.fromEntries(new URL(req.request.url).searchParams),
        ),
      done: () => ({}),
    }),
    {
      home: UNSUBSCRIBE_PATH,
      render: (answer) =>
        new Response(answer.error ? answer.error.message : "Unsubscribed", {
          status: answer.status,
          headers: { "Content-Type": "text/plain; charset=utf-8" },
        }),
    },
  );
