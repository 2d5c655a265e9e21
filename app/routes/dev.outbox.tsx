import { data } from "react-router";
import type { Route } from "./+types/dev.outbox";
import { listOutboxMessages } from "~/.server/auth/email-flows";
import { waitForQueuedMail } from "~/.server/mail/mail-jobs";
import { ContentPage } from "~/components/content/content-page";
import { Time } from "~/components/ui/time";

export const meta: Route.MetaFunction = () => [
  { title: "Outbox (development) | PackVault" },
  { name: "robots", content: "noindex" },
];

/**
 * /dev/outbox (docs/product/accounts-and-security.md): the mail kept in the outbox, newest first, so a local user
 * or a test can follow verification and reset links. Exists only with DEV_TOOLS=1. Mail is sent
 * by the job queue: the page first waits (up to 3 s) for mail queued a moment ago.
 * @throws Response 404 when DEV_TOOLS is off (every production deployment by default).
 */
export async function loader({ context }: Route.LoaderArgs) {
  if (!context.env.DEV_TOOLS) throw data("Not found", { status: 404 });
  await waitForQueuedMail(context);
  return {
    messages: await listOutboxMessages(context),
    smtp: Boolean(context.env.SMTP_URL),
  };
}

export default function DevOutbox({ loaderData }: Route.ComponentProps) {
  const { messages, smtp } = loaderData;
  return (
    <ContentPage
      title="Outbox"
      lead={
        smtp
          ? "Every message the shop sent, newest first. SMTP_URL is set: messages also went out by mail."
          : "Every message the shop sent, newest first. SMTP_URL is not set, so mail stays here: follow the links below."
      }
    >
      {messages.length === 0 ? (
        <p className="text-muted-foreground">No mail yet.</p>
      ) : (
        <ol className="space-y-4" aria-label="Messages">
          {messages.map((message) => (
            <li key={message.id} className="bg-surface rounded-xl border p-4 sm:p-5">
              <article aria-labelledby={`mail-${message.id}`} className="space-y-2">
                <h2 id={`mail-${message.id}`} className="font-semibold">
                  {message.subject}
                </h2>
                <p className="text-muted-foreground text-sm">
                  To <span className="text-foreground">{message.to}</span> ·{" "}
                  <Time value={message.createdAt} style="dateTimeSeconds" />
                  {message.sentAt ? " · delivered by SMTP" : null}
                </p>
                {message.links.length > 0 ? (
                  <ul className="space-y-1 text-sm">
                    {message.links.map((link) => (
                      <li key={link} className="break-all">
                        <a href={link} className="text-accent underline underline-offset-2">
                          {link}
                        </a>
                      </li>
                    ))}
                  </ul>
                ) : null}
                <details className="text-sm">
                  <summary className="text-muted-foreground cursor-pointer">Message text</summary>
                  <pre className="bg-surface-2 mt-2 overflow-x-auto rounded-md p-3 whitespace-pre-wrap">
                    {message.text}
                  </pre>
                </details>
              </article>
            </li>
          ))}
        </ol>
      )}
    </ContentPage>
  );
}
