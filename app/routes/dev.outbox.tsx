import { data } from "react-router";
import type { Route } from "./+types/dev.outbox";
import { listOutboxMessages } from "~/.server/auth/email-flows";
import { waitForQueuedMail } from "~/.server/mail/mail-jobs";
import { ContentPage } from "~/components/content/content-page";
import { Time } from "~/components/ui/time";

/** Where one outbox message's rendered HTML is served (app/routes/dev.outbox.mail.ts). */
const outboxMailPath = (id: number) => `/dev/outbox/${id}.html`;

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
                  <summary className="text-muted-foreground cursor-pointer">
                    Rendered mail and text
                  </summary>
                  <div className="mt-2 grid gap-3 lg:grid-cols-2">
                    {/* The HTML comes from its own route, whose CSP lets it run no script
                        (app/routes/dev.outbox.mail.ts); a lazy frame in a closed <details>
                        loads only when opened. */}
                    <iframe
                      title={`Rendered mail: ${message.subject}`}
                      src={outboxMailPath(message.id)}
                      loading="lazy"
                      className="h-[32rem] w-full rounded-md border bg-white"
                    />
                    {/* Long links wrap: a region that scrolls sideways would need a tab stop. */}
                    <pre className="bg-surface-2 min-w-0 rounded-md p-3 whitespace-pre-wrap wrap-anywhere">
                      {message.text}
                    </pre>
                  </div>
                </details>
              </article>
            </li>
          ))}
        </ol>
      )}
    </ContentPage>
  );
}
