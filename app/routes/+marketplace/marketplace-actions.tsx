import { Inbox, Plus } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { signInHref } from "~/lib/sign-in-href";
import { toast } from "~/lib/toast";

/**
 * The marketplace header's buttons: Create Listing (`onCreate`) and My offers for a signed-in
 * collector; for a visitor, Create Listing goes to sign in with 'Please sign in to create a
 * listing'.
 */
export function MarketplaceActions({
  signedIn,
  onCreate,
}: {
  signedIn: boolean;
  onCreate: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-2 pt-2">
      {signedIn ? (
        <>
          <Button onClick={onCreate}>
            <Plus className="size-4" aria-hidden="true" />
            Create Listing
          </Button>
          <Button asChild variant="outline">
            <Link to="/marketplace/offers">
              <Inbox className="size-4" aria-hidden="true" />
              My offers
            </Link>
          </Button>
        </>
      ) : (
        <Button asChild>
          <Link
            to={signInHref("/marketplace")}
            onClick={() => toast.error("Please sign in to create a listing")}
          >
            <Plus className="size-4" aria-hidden="true" />
            Create Listing
          </Link>
        </Button>
      )}
    </div>
  );
}
