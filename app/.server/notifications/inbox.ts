import { and, desc, eq, lt, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Ctx } from "../context";
import { notifications } from "../db/schema";
import { queryRows } from "../db/rows";
import { DomainError } from "../errors";
import { signalInbox } from "../live-signals";
import { NOTIFICATIONS_PAGE_SIZE, type NotificationView } from "~/lib/notifications";

function inboxOwner(ctx: Ctx): string {
  if (!ctx.actor) {
    throw new DomainError("not_signed_in", "Please sign in to see your notifications", 401);
  }
  return ctx.actor.userId;
}

/**
 * The count of `userId`'s unread notifications (the bell's count), as an int subquery a caller
 * folds into its own statement (`headerCounts`); `userId` a value, or the caller's column of it.
 */
export const unreadCountSql = (userId: string | SQLWrapper): SQL =>
  sql`(SELECT count(*)::int FROM ${notifications} WHERE ${notifications.userId} = ${userId} AND ${notifications.read} = false)`;

/** How many of the signed-in user's notifications are unread (the bell's count); 0 for a visitor. */
export async function countUnread(ctx: Ctx): Promise<number> {
  if (!ctx.actor) return 0;
  const [row] = await queryRows<{ n: number }>(
    ctx.db,
    sql`SELECT ${unreadCountSql(ctx.actor.userId)} AS n`,
  );
  return row?.n ?? 0;
}

export type InboxPage = {
  notifications: NotificationView[];
  unread: number;
  /** The cursor of the next (older) page: the last row's id; null on the last page. */
  nextCursor: number | null;
};

/**
 * One page of the signed-in user's notifications, newest first, older than `before` (an id
 * from `nextCursor`) when given ({@link NOTIFICATIONS_PAGE_SIZE} a page).
 * @throws DomainError `not_signed_in` (401).
 */
export async function listNotifications(
  ctx: Ctx,
  { before }: { before?: number | null } = {},
): Promise<InboxPage> {
  const userId = inboxOwner(ctx);
  const rows = await ctx.db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
      read: notifications.read,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), before ? lt(notifications.id, before) : undefined))
    .orderBy(desc(notifications.id))
    .limit(NOTIFICATIONS_PAGE_SIZE + 1);
  const page = rows.slice(0, NOTIFICATIONS_PAGE_SIZE).map((r) => ({ ...r, id: Number(r.id) }));
  return {
    notifications: page,
    unread: await countUnread(ctx),
    nextCursor: rows.length > NOTIFICATIONS_PAGE_SIZE ? page[page.length - 1]!.id : null,
  };
}

/**
 * Marks notifications of the signed-in user read: one (`id`), or all of them. Someone else's id
 * changes nothing.
 * @returns how many changed.
 * @throws DomainError `not_signed_in` (401).
 */
export async function markNotificationsRead(
  ctx: Ctx,
  target: { id: number } | { all: true },
): Promise<number> {
  const userId = inboxOwner(ctx);
  const changed = await ctx.db
    .update(notifications)
    .set({ read: true })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.read, false),
        "id" in target ? eq(notifications.id, target.id) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  if (changed.length > 0) ctx.afterCommit(() => signalInbox(userId));
  return changed.length;
}
