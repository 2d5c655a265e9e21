import { Clock, Mail, MapPin, Phone } from "lucide-react";
import type { Route } from "./+types/contact";
import { ContactConfirmation, ContactForm } from "./+content/contact-form";
import { intent, runAction } from "~/.server/http/run-intent";
import { sendContactMessage, type SentContactMessage } from "~/.server/support/contact";
import { ContentPage } from "~/components/content/content-page";
import { pageMeta } from "~/lib/meta";
import { contactMessageSchema } from "~/lib/schemas/contact";
import { STORE } from "~/lib/store";
import { staticPageHandle } from "~/lib/page-cache";

/** Visitors get this page from the page cache. */
export const handle = staticPageHandle;

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Contact Us",
    "Questions about an order, a pack or a card? Send PackVault a message, call us or visit the store.",
  );

/** Checks the message with the shared schema (400 with field errors) and stores it. */
export const action = (args: Route.ActionArgs) =>
  runAction<{ sent: SentContactMessage }>(
    args,
    "contact",
    intent({
      schema: contactMessageSchema,
      auth: "visitor",
      run: sendContactMessage,
      done: (sent) => ({ reply: { sent }, resetForm: true }),
    }),
    { home: "/contact" },
  );

const DETAILS = [
  {
    icon: Mail,
    label: "Email",
    value: <a href={`mailto:${STORE.supportEmail}`}>{STORE.supportEmail}</a>,
  },
  { icon: Phone, label: "Phone", value: <a href={STORE.phoneHref}>{STORE.phone}</a> },
  {
    icon: MapPin,
    label: "Store",
    value: (
      <address className="not-italic">
        {STORE.street}
        <br />
        {STORE.city}, {STORE.state} {STORE.zip}
      </address>
    ),
  },
  { icon: Clock, label: "Hours", value: STORE.hours },
] as const;

export default function Contact({ actionData }: Route.ComponentProps) {
  const sent = actionData?.sent;
  return (
    <ContentPage
      title="Contact Us"
      lead="Questions about an order, a pack or a card in your vault? Write to us and a collector on our team will answer."
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <section
          aria-labelledby="contact-form-title"
          className="bg-surface rounded-xl border p-5 sm:p-6"
        >
          <h2 id="contact-form-title" className="mb-4 text-lg font-semibold">
            Send us a message
          </h2>
          <div role="status">
            {sent ? <ContactConfirmation name={sent.name} email={sent.email} /> : null}
          </div>
          {sent ? null : <ContactForm lastResult={actionData?.result} />}
        </section>
        <section
          aria-labelledby="contact-details-title"
          className="bg-surface rounded-xl border p-5 sm:p-6"
        >
          <h2 id="contact-details-title" className="mb-4 text-lg font-semibold">
            Get in touch
          </h2>
          <dl className="space-y-4 text-sm">
            {DETAILS.map(({ icon: Icon, label, value }) => (
              <div key={label}>
                <dt className="flex items-center gap-2 font-medium">
                  <Icon className="text-accent size-4 shrink-0" aria-hidden="true" />
                  {label}
                </dt>
                <dd className="text-muted-foreground [&_a]:hover:text-foreground pl-6 break-words [&_a]:underline [&_a]:underline-offset-2">
                  {value}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
    </ContentPage>
  );
}
