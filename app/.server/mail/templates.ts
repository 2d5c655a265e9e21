import { escapeXml } from "../art/svg";
import type { MailMessage } from "./mailer";

/** A plain transactional email with one call-to-action link, as text and HTML. */
export function actionEmail({
  to,
  subject,
  greeting,
  body,
  actionLabel,
  url,
  footnote,
}: {
  to: string;
  subject: string;
  greeting: string;
  body: string;
  actionLabel: string;
  url: string;
  footnote: string;
}): MailMessage {
  const text = `${greeting}\n\n${body}\n\n${actionLabel}: ${url}\n\n${footnote}\n\nPackVault`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<p>${escapeXml(greeting)}</p><p>${escapeXml(body)}</p>
<p><a href="${escapeXml(url)}" style="display:inline-block;padding:10px 16px;background:#6d28d9;color:#fff;border-radius:6px;text-decoration:none">${escapeXml(actionLabel)}</a></p>
<p style="color:#555;font-size:13px">${escapeXml(footnote)}</p><p>PackVault</p></body></html>`;
  return { to, subject, text, html };
}
