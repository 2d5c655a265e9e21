import type { AdminCard } from "~/.server/admin/cards";
import type { Paged } from "~/.server/policy/paging";
import { Badge } from "~/components/ui/badge";
import { RarityBadge } from "~/components/ui/rarity-badge";
import { formatCents } from "~/lib/money";
import { AdminSearch } from "./admin-search";
import { AdminSection, AdminTable, AdminTime } from "./admin-table";
import { AdminPagination } from "./pagination";

type CardsData = Paged<AdminCard> & { q: string };

const STATUS_LABELS: Record<AdminCard["status"], string> = {
  vaulted: "Vaulted",
  listed: "Listed",
  sold: "Sold",
  redeemed: "Redeemed",
  in_auction: "In auction",
};

/** Cards (docs/product/administration.md): every user's cards, read-only, with owner and status. */
export function CardsTab({ data }: { data: CardsData; role: "admin" | "moderator" }) {
  return (
    <AdminSection
      title="Cards"
      total={data.total}
      description="Every card pulled, newest first. Read-only."
      actions={<AdminSearch label="Search cards" placeholder="Card name, owner email or name" />}
    >
      <AdminTable
        caption="Cards"
        rows={data.rows}
        rowKey={(card) => card.id}
        empty={data.q ? `No cards match "${data.q}".` : "No cards pulled yet."}
        columns={[
          { header: "Card", cell: (card) => card.cardName },
          {
            header: "Owner",
            cell: (card) => (
              <span className="block">
                <span className="block">{card.ownerName}</span>
                <span className="text-muted-foreground block text-xs break-all">
                  {card.ownerEmail}
                </span>
              </span>
            ),
          },
          { header: "Status", cell: (card) => <Badge>{STATUS_LABELS[card.status]}</Badge> },
          { header: "Rarity", cell: (card) => <RarityBadge rarity={card.rarity} /> },
          { header: "Grade", cell: (card) => card.grade.toFixed(1), numeric: true },
          {
            header: "Value",
            cell: (card) => formatCents(card.estimatedValueCents),
            numeric: true,
          },
          { header: "Pulled at", cell: (card) => <AdminTime value={card.pulledAt} /> },
        ]}
      />
      <AdminPagination page={data.page} pageCount={data.pageCount} label="Cards pages" />
    </AdminSection>
  );
}
