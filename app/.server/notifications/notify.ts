import { sql } from "drizzle-orm";
import type { Ctx } from "../context";
import type { Database } from "../db/client";
import { queryRows } from "../db/rows";
import { notifications, profiles } from "../db/schema";
import { enqueueMail } from "../mail/mail-jobs";
import type { MailLink } from "../mail/render";
import { signalInbox } from "../live-signals";
import { NOTIFICATION_KINDS, type NotificationKind } from "~/lib/notifications";

/** Where a collector's store orders are listed. */
export const ORDERS_LINK = "/account?tab=orders";

/**
 * The event's transaction (`db`, or the database itself) and its after-commit hook:
 * notifications are written in the transaction of the event.
 */
type NotifyCtx = { db: Pick<Database, "insert" | "execute"> } & Pick<Ctx, "afterCommit">;

export type NotifyInput = {
  userId: string | null;
  kind: NotificationKind;
  /** One line: 'Your order #12 has shipped'. */
  title: string;
  /** The details (tracking number, amount, next steps), one paragraph. */
  body: string;
  /** A same-site path to open, e.g. `/account?tab=orders`. */
  link?: string;
  /**
   * What makes this event unique ('order:12:shipped:1Z999'): a retried action writes one
   * notification and queues one mail.
   */
  key: string;
  /** Extra lines for the mail only (next steps). */
  mailLines?: string[];
  /** Extra links for the mail only, each a same-site path (made absolute from PUBLIC_URL). */
  mailLinks?: MailLink[];
};

/**
 * Tells a user that something happened (docs/decisions/020-notifications.md), inside the
 * transaction `tx.db` of the event: writes one in-app notification and, when the kind has an email
 * category (`NOTIFICATION_KINDS`, app/lib/notifications.ts) and the user's preference for it is
 * on, queues one mail in the same transaction; a demo collector (`is_demo`, seeded demo data,
 * docs/decisions/026-art-and-demo-shop.md) is never mailed. After the commit the user's live channel is
 * nudged. A user id of null (a deleted account) notifies nobody.
 * @returns whether it notified (false when `key` was already notified or nobody is there).
 */
export async function notify(tx: NotifyCtx, input: NotifyInput): Promise<boolean> {
  if (!input.userId) return false;
  const category = NOTIFICATION_KINDS[input.kind];
  const wanted = category
    ? {
        orderUpdates: profiles.emailOrderUpdates,
        newArrivals: profiles.emailNewArrivals,
        eventNotifications: profiles.emailEventNotifications,
      }[category]
    : sql`false`;
  // One statement: the notification, and (only if it is new) the user's address and their
  // preference for this kind's mails.
  const [row] = await queryRows<{ email: string | null; wanted: boolean | null }>(
    tx.db,
    sql`WITH made AS (
        INSERT INTO ${notifications} (user_id, kind, title, body, link, dedupe_key)
        VALUES (${input.userId}, ${input.kind}, ${input.title}, ${input.body},
          ${input.link ?? null}, ${input.key})
        ON CONFLICT (dedupe_key) DO NOTHING
        RETURNING user_id)
      SELECT ${profiles.email} AS email, ${wanted} AND NOT ${profiles.isDemo} AS wanted
      FROM made LEFT JOIN ${profiles} ON ${profiles.id} = made.user_id`,
  );
  if (!row) return false;
  if (category && row.wanted && row.email) {
    await enqueueMail(
      tx.db,
      {
        to: row.email,
        template: "notification",
        props: {
          userId: input.userId,
          category,
          title: input.title,
          body: input.body,
          link: input.link ?? null,
          lines: input.mailLines ?? [],
          links: input.mailLinks ?? [],
        },
      },
      `mail:${input.key}`,
    );
  }
  const userId = input.userId;
  tx.afterCommit(() => signalInbox(userId));
  return true;
}
