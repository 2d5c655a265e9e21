import { MailLayout, P, Small } from "./layout";

export type ActionEmailProps = {
  subject: string;
  greeting: string;
  body: string;
  actionLabel: string;
  url: string;
  footnote: string;
};

/** An account mail with one call-to-action link (verification, password reset). */
export function ActionEmail({ greeting, body, actionLabel, url, footnote }: ActionEmailProps) {
  return (
    <MailLayout
      preview={body}
      action={{ label: actionLabel, url }}
      footer={<Small>{footnote}</Small>}
    >
      <P>{greeting}</P>
      <P>{body}</P>
    </MailLayout>
  );
}
