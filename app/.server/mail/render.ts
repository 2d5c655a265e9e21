import type { MailMessage } from "./mailer";
import { actionEmail } from "./templates";

/** An account mail with one call-to-action link (verification, password reset). */
export type ActionMail = {
  template: "action";
  props: {
    subject: string;
    greeting: string;
    body: string;
    actionLabel: string;
    url: string;
    footnote: string;
  };
};

/** Every mail template and its data. */
export type MailTemplate = ActionMail;

export type RenderOptions = { publicUrl: string; unsubscribeSecret: string };

/** Renders a queued mail to its subject, plain text and HTML. */
export async function renderMail(
  mail: { to: string } & MailTemplate,
  _options: RenderOptions,
): Promise<MailMessage> {
  switch (mail.template) {
    case "action":
      return actionEmail({ to: mail.to, ...mail.props });
  }
}
