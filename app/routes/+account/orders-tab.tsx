import { PackageOpen } from "lucide-react";
import { Link } from "react-router";
import { Section } from "./section";
import { Button } from "~/components/ui/button";

/** The Orders tab: the order history (filled by the cart and checkout issue); empty for now. */
export function OrdersTab() {
  return (
    <Section id="orders" title="Orders" description="Orders you place in the shop appear here.">
      <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-4 py-10 text-center">
        <PackageOpen className="text-muted-foreground size-10" aria-hidden="true" />
        <p className="font-medium">No orders yet</p>
        <p className="text-muted-foreground max-w-sm text-sm">
          Find something for your collection and it will show up here once you check out.
        </p>
        <Button asChild variant="outline">
          <Link to="/products">Browse the shop</Link>
        </Button>
      </div>
    </Section>
  );
}
