import { MailX } from "lucide-react";
import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { intent, runIntent } from "~/.server/http/run-intent";
import { readUnsubscribeLink, unsubscribeByLink } from "~/.server/mail/unsubscribe";
import { ContentPage } from "~/components/content/content-page";
import { Button } from "~/components/ui/button";
import { EMAIL_CATEGORY_LABELS } from "~/lib/notifications";
import { unsubscribeSchema } from "~/lib/schemas/notifications";

export const meta: Route.MetaFunction = () => [
  { title: "Unsubscribe | PackVault" },
  { name: "robots", content: "noindex" },
];

/**
 * /unsubscribe?u=&c=&s= (docs/decisions/020-notifications.md): the landing of a mail's signed
 * unsubscribe link. Shows what the link turns off and a button (a GET changes nothing: mail
 * scanners open links); no sign-in needed. A link that is not genuine says so.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const link = readUnsubscribeLink(context.unsubscribeKey, params);
  return {
    link: link
      ? {
          u: link.userId,
          c: link.category,
          s: params.s!,
          label: EMAIL_CATEGORY_LABELS[link.category],
        }
      : null,
  };
}

/** `unsubscribe`: turns the link's email preference off, for the account the link names. */
export const action = (args: Route.ActionArgs) =>
  runIntent<{ unsubscribed: string }>(
    args,
    {
      unsubscribe: intent({
        schema: unsubscribeSchema,
        auth: "visitor",
        run: (ctx, input) => unsubscribeByLink(ctx, args.context.unsubscribeKey, input),
        done: (done) => ({ reply: { unsubscribed: EMAIL_CATEGORY_LABELS[done.category] } }),
      }),
    },
    { home: "/" },
  );

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { link } = loaderData;
  const navigation = useNavigation();
  const reply = actionData as { unsubscribed?: string } | undefined;
  if (reply?.unsubscribed) {
    return (
      <ContentPage title="You're unsubscribed" width="prose">
        <p>
          We will no longer email you {reply.unsubscribed}. You can turn them back on in your
          account settings.
        </p>
      </ContentPage>
    );
  }
  if (!link) {
    return (
      <ContentPage title="Unsubscribe" width="prose">
        <p>
          This unsubscribe link is not valid. You can change your email preferences in your account
          settings.
        </p>
      </ContentPage>
    );
  }
  return (
    <ContentPage title="Unsubscribe" width="prose">
      <p className="mb-4">Stop emailing me {link.label}?</p>
      <Form method="post">
        <input type="hidden" name="intent" value="unsubscribe" />
        <input type="hidden" name="u" value={link.u} />
        <input type="hidden" name="c" value={link.c} />
        <input type="hidden" name="s" value={link.s} />
        <Button type="submit" disabled={navigation.state === "submitting"}>
          <MailX className="size-4" aria-hidden="true" />
          {navigation.state === "submitting" ? "Saving..." : `Unsubscribe from ${link.label}`}
        </Button>
      </Form>
    </ContentPage>
  );
}
