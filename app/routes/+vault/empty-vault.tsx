import { PackageOpen } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";

/** The empty vault (docs/product/vault.md), with a way to the packs. */
export function EmptyVault() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-14 text-center">
      <PackageOpen className="text-muted-foreground size-10" aria-hidden="true" />
      <h2 className="text-xl font-semibold">Your vault is empty</h2>
      <p className="text-muted-foreground max-w-sm">Open some packs to start your collection!</p>
      <Button asChild className="mt-2">
        <Link to="/packs">Browse Packs</Link>
      </Button>
    </div>
  );
}
