import { Badge } from "./badge";

/**
 * The mark beside a demo collector's name (docs/decisions/026-art-and-demo-shop.md): the
 * activity of seeded demo collectors is demo data, and says so.
 */
export function DemoBadge() {
  return (
    <Badge
      className="border-border text-muted-foreground w-fit shrink-0 border-dashed leading-tight font-medium whitespace-nowrap"
      title="Seeded demo data: this collector is not a real person"
    >
      Demo collector
    </Badge>
  );
}
