import type { JobExecutor } from "../queue/queue";
import { announce } from "../notifications/announcements";
import { formatCents, type Cents } from "~/lib/money";

type PackOnSale = {
  id: number;
  name: string;
  category: string;
  priceCents: Cents;
  availableCount: number;
  isActive: boolean;
};

/** Whether collectors can buy the pack now: active, with stock. */
export const onSale = (pack: Pick<PackOnSale, "isActive" | "availableCount">) =>
  pack.isActive && pack.availableCount > 0;

/**
 * Announces a pack that staff just put on sale (created active with stock, or edited from off
 * sale to on sale) to every collector with "new arrivals and promotions" on, by mail from the
 * queue (docs/decisions/031-news-mails.md), in the staff action's transaction `db`. Once per
 * pack: the news is keyed by the pack, so a retried action, or the pack going off sale and on
 * again, mails nobody twice. A pack not on sale announces nothing.
 * @returns whether the announcement was queued now.
 */
export async function announcePackArrival(db: JobExecutor, pack: PackOnSale): Promise<boolean> {
  if (!onSale(pack)) return false;
  return announce(db, {
    key: `new-arrival:pack:${pack.id}`,
    category: "newArrivals",
    title: `Now available: ${pack.name}`,
    body: `${pack.name}, a ${pack.category} pack, is on sale for ${formatCents(pack.priceCents)}: ${pack.availableCount} ${pack.availableCount === 1 ? "pack" : "packs"} to open, each with one graded card.`,
    link: `/pack/${pack.id}`,
  });
}
