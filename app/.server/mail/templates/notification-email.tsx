import { Link, MailLayout, P, Small } from "./layout";

export type NotificationEmailProps = {
  title: string;
  body: string;
  lines: string[];
  /** Further absolute links, each on its own line after the text ('Print your label: URL'). */
  links: { label: string; url: string }[];
  /** Absolute URL of what the notification is about, or null. */
  url: string | null;
  /** The signed link to the page that turns this category of mail off (no sign-in). */
  unsubscribeUrl: string;
  /** 'order updates', ... */
  categoryLabel: string;
  accountUrl: string;
};

/** A mail that repeats an in-app notification, with its unsubscribe link. */
export function NotificationEmail({
  title,
  body,
  lines,
  links,
  url,
  unsubscribeUrl,
  categoryLabel,
  accountUrl,
}: NotificationEmailProps) {
  return (
    <MailLayout
      preview={title}
      action={url ? { label: "Open in PackVault", url } : undefined}
      footer={
        <>
          <Small>
            You get this mail because {categoryLabel} are on in your account. Email preferences:{" "}
            <Link href={accountUrl}>{accountUrl}</Link>
          </Small>
          <Small>
            Unsubscribe from {categoryLabel}: <Link href={unsubscribeUrl}>{unsubscribeUrl}</Link>
          </Small>
        </>
      }
    >
      <P>{title}</P>
      <P>{body}</P>
      {lines.map((line) => (
        <P key={line}>{line}</P>
      ))}
      {links.map((link) => (
        <P key={link.url}>
          {link.label}: <Link href={link.url}>{link.url}</Link>
        </P>
      ))}
    </MailLayout>
  );
}
