import { Store } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";

/**
 * 'No listings found' (spec "Marketplace" states): 'Be the first to list an item!' when there
 * are none, 'Try adjusting your search' when a search matches none.
 */
export function NoListings({ searched }: { searched: boolean }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-16 text-center">
      <Store className="text-muted-foreground size-10" aria-hidden="true" />
      <h2 className="text-lg font-semibold">No listings found</h2>
      <p className="text-muted-foreground">
        {searched ? "Try adjusting your search" : "Be the first to list an item!"}
      </p>
      {searched ? (
        <Button asChild variant="outline">
          <Link to="/marketplace">Clear search</Link>
        </Button>
      ) : null}
    </div>
  );
}
