import type { AdminCard } from "~/.server/admin/cards";
import type { Paged } from "~/.server/policy/paging";
import { RarityBadge } from "~/components/ui/rarity-badge";
import { centsColumn, personColumn, statusColumn, timeColumn } from "./admin-columns";
import { AdminPagedSection } from "./admin-paged-section";
import type { AdminColumn } from "./admin-table";
import type { AdminTabProps } from "./tab-contract";

type CardsData = Paged<AdminCard> & { q: string };

const STATUS_LABELS: Record<AdminCard["status"], string> = {
  vaulted: "Vaulted",
  listed: "Listed",
  sold: "Sold",
  redeemed: "Redeemed",
  in_auction: "In auction",
};

/** The card list's columns: card, owner, status, rarity, grade, value and when it was pulled. */
const columns: AdminColumn<AdminCard>[] = [
  { header: "Card", cell: (card) => card.cardName },
  personColumn("Owner", (card) => ({ name: card.ownerName, email: card.ownerEmail })),
  statusColumn((card) => card.status, STATUS_LABELS, {}),
  { header: "Rarity", cell: (card) => <RarityBadge rarity={card.rarity} /> },
  { header: "Grade", cell: (card) => card.grade.toFixed(1), numeric: true },
  centsColumn("Value", (card) => card.estimatedValueCents),
  timeColumn("Pulled at", (card) => card.pulledAt),
];

/** Cards (docs/product/administration.md): every user's cards, read-only, with owner and status. */
export function CardsTab({ data }: AdminTabProps<CardsData>) {
  return (
    <AdminPagedSection
      title="Cards"
      description="Every card pulled, newest first. Read-only."
      search="Card name, owner email or name"
      emptyLabel="No cards pulled yet."
      data={data}
      columns={columns}
    />
  );
}
