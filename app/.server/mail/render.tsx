import { render } from "@react-email/render";
import type { ReactElement } from "react";
import type { MailMessage } from "./mailer";
import { ActionEmail, type ActionEmailProps } from "./templates/action-email";
import { NotificationEmail } from "./templates/notification-email";
import { ONE_CLICK_UNSUBSCRIBE_PATH, unsubscribeUrl } from "./unsubscribe";
import { EMAIL_CATEGORY_LABELS, type EmailCategory } from "~/lib/notifications";

/** An account mail with one call-to-action link (verification, password reset). */
export type ActionMail = { template: "action"; props: ActionEmailProps };

/** A labelled link of a notification mail: a same-site path, made absolute when rendered. */
export type MailLink = { label: string; path: string };

/** A mail repeating an in-app notification (app/.server/notifications/notify.ts). */
export type NotificationMail = {
  template: "notification";
  props: {
    userId: string;
    category: EmailCategory;
    title: string;
    body: string;
    /** A same-site path, made absolute from PUBLIC_URL when rendered. */
    link: string | null;
    lines: string[];
    /** Absent in mails queued before links existed. */
    links?: MailLink[];
  };
};

/** Every mail template and its data, as a `mail.send` job carries them. */
export type MailTemplate = ActionMail | NotificationMail;

export type RenderOptions = { publicUrl: string; unsubscribeSecret: string };

/** HTML and plain text of one React Email element (React Email's renderer). */
async function both(element: ReactElement) {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text };
}

/**
 * Renders a queued mail with React Email to its subject, HTML and plain text; every link is
 * built from `publicUrl`. A notification mail carries the signed unsubscribe link of its
 * category in its footer and, for the List-Unsubscribe header, the one-click link (RFC 8058;
 * app/.server/mail/unsubscribe.ts); account mails (verification, reset) carry neither.
 */
export async function renderMail(
  mail: { to: string } & MailTemplate,
  { publicUrl, unsubscribeSecret }: RenderOptions,
): Promise<MailMessage> {
  switch (mail.template) {
    case "action":
      return {
        to: mail.to,
        subject: mail.props.subject,
        ...(await both(<ActionEmail {...mail.props} />)),
      };
    case "notification": {
      const p = mail.props;
      const unsubscribe = unsubscribeUrl(publicUrl, unsubscribeSecret, p.userId, p.category);
      const content = await both(
        <NotificationEmail
          title={p.title}
          body={p.body}
          lines={p.lines}
          links={(p.links ?? []).map(({ label, path }) => ({
            label,
            url: new URL(path, publicUrl).toString(),
          }))}
          url={p.link ? new URL(p.link, publicUrl).toString() : null}
          unsubscribeUrl={unsubscribe}
          categoryLabel={EMAIL_CATEGORY_LABELS[p.category]}
          accountUrl={new URL("/account?tab=settings", publicUrl).toString()}
        />,
      );
      const oneClick = unsubscribeUrl(
        publicUrl,
        unsubscribeSecret,
        p.userId,
        p.category,
        ONE_CLICK_UNSUBSCRIBE_PATH,
      );
      return { to: mail.to, subject: p.title, ...content, oneClickUnsubscribeUrl: oneClick };
    }
  }
}
