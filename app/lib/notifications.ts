/**
 * The in-app inbox's words (docs/decisions/020-notifications.md): what a notification is about
 * and which of the three email preferences of /account lets it go out by mail.
 */

/** The email preferences of /account a mail can fall under (docs/product/accounts-and-security.md). */
export const EMAIL_CATEGORIES = ["orderUpdates", "newArrivals", "eventNotifications"] as const;
export type EmailCategory = (typeof EMAIL_CATEGORIES)[number];

/** What each category is called on the unsubscribe page and in mail footers. */
export const EMAIL_CATEGORY_LABELS: Record<EmailCategory, string> = {
  orderUpdates: "order updates",
  newArrivals: "new arrivals and promotions",
  eventNotifications: "event notifications",
};

/**
 * Every kind of notification and the email category it is mailed under; null: in-app only.
 * Everything a collector's own orders, offers, auctions, standing bids, trades, sales, escrow, redemptions, submissions
 * and withdrawals do is an order update; the reminder of an event one registered for, and its
 * move or cancellation, is an event notification (docs/decisions/031-news-mails.md). News for everyone (a pack on sale, a new
 * event) is mailed by announcements, without an inbox row.
 */
export const NOTIFICATION_KINDS = {
  "order.placed": "orderUpdates",
  "order.processing": "orderUpdates",
  "order.shipped": "orderUpdates",
  "order.delivered": "orderUpdates",
  "order.cancelled": "orderUpdates",
  "offer.received": "orderUpdates",
  "offer.accepted": "orderUpdates",
  "offer.declined": "orderUpdates",
  "offer.expired": "orderUpdates",
  "offer.withdrawn": "orderUpdates",
  "trade.received": "orderUpdates",
  "trade.answered": "orderUpdates",
  "trade.withdrawn": "orderUpdates",
  "listing.sold": "orderUpdates",
  "listing.removed": "orderUpdates",
  "auction.outbid": "orderUpdates",
  "auction.won": "orderUpdates",
  "auction.lost": "orderUpdates",
  "auction.ended": "orderUpdates",
  "bid.filled": "orderUpdates",
  "bid.expired": "orderUpdates",
  "escrow.shipped": "orderUpdates",
  "escrow.confirmed": "orderUpdates",
  "escrow.released": "orderUpdates",
  "redemption.processing": "orderUpdates",
  "redemption.shipped": "orderUpdates",
  "submission.reviewing": "orderUpdates",
  "submission.offer": "orderUpdates",
  "submission.accepted": "orderUpdates",
  "submission.rejected": "orderUpdates",
  "withdrawal.paid": "orderUpdates",
  "withdrawal.rejected": "orderUpdates",
  "event.reminder": "eventNotifications",
  "event.changed": "eventNotifications",
  "event.cancelled": "eventNotifications",
  "achievement.unlocked": null,
} as const satisfies Record<string, EmailCategory | null>;
export type NotificationKind = keyof typeof NOTIFICATION_KINDS;

/** One row of the inbox as the page and the bell see it. */
export type NotificationView = {
  id: number;
  kind: string;
  title: string;
  body: string;
  /** A same-site path, or null. */
  link: string | null;
  read: boolean;
  createdAt: Date;
};

/** How many notifications a page of /notifications lists. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
