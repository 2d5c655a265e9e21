import { PackageSearch } from "lucide-react";
import { Form, Link } from "react-router";
import type { Route } from "./+types/track-order";
import { findOrderForTracking } from "~/.server/orders/orders";
import { requestCtx } from "~/.server/request-context";
import { findRedemptionForTracking } from "~/.server/vault/redemptions-list";
import { OrderInFull } from "~/components/orders/order-details";
import { ContentPage } from "~/components/content/content-page";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { pageMeta } from "~/lib/meta";
import { RedemptionDetails } from "~/components/vault/redemption-details";

const QUERY_MAX = 100;
const FIELD = { id: "tracking", errorId: "tracking-error", descriptionId: "tracking-help" };

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Track Your Order",
    "Track a PackVault order with the tracking number from your shipping confirmation email.",
  );

/**
 * Track Your Order (docs/product/cart-and-orders.md): a signed-in user's (GET) query, trimmed, and
 * their order or redemption it names (a redemption by its reference "R-12" or its tracking number,
 * with its slab's grader and cert: docs/product/vault.md, redemption); an unknown id and another
 * user's both find nothing ('No order found'). A visitor is asked to sign in and nothing is
 * looked up.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get("q");
  const query = raw === null ? null : raw.trim().slice(0, QUERY_MAX);
  const signedIn = context.user !== null;
  if (!signedIn || !query) return { query, signedIn, order: null, redemption: null };
  const ctx = requestCtx(context);
  const [order, redemption] = await Promise.all([
    findOrderForTracking(ctx, { query }),
    findRedemptionForTracking(ctx, { query }),
  ]);
  return { query, signedIn, order, redemption };
}

export default function TrackOrder({
  loaderData: { query, signedIn, order, redemption },
}: Route.ComponentProps) {
  const errors = query === "" ? ["Please enter a tracking number or order ID"] : undefined;
  return (
    <ContentPage
      title="Track Your Order"
      lead="Follow your parcel from our store to your door."
      width="prose"
    >
      <section aria-label="Order lookup" className="bg-surface rounded-xl border p-5 sm:p-6">
        <Form method="get" className="space-y-4">
          <Field
            label="Tracking number or order ID"
            field={{ ...FIELD, errors }}
            description="Enter your order ID (for example #12, listed in My Account under Orders) or your redemption's reference (for example R-3, listed in your vault under Your Redemptions). Your tracking number arrives in the shipping confirmation email we send when your parcel leaves our store."
          >
            <Input
              id={FIELD.id}
              name="q"
              defaultValue={query ?? ""}
              maxLength={QUERY_MAX}
              autoComplete="off"
              aria-invalid={errors ? true : undefined}
              aria-describedby={
                errors ? `${FIELD.descriptionId} ${FIELD.errorId}` : FIELD.descriptionId
              }
            />
          </Field>
          <Button type="submit" className="w-full sm:w-auto">
            <PackageSearch className="size-4" aria-hidden="true" />
            Track Order
          </Button>
        </Form>
        <div role="status" className="mt-4 text-sm empty:mt-0">
          {!signedIn ? (
            <p className="bg-background rounded-lg border p-4">
              <Link
                to="/auth?redirectTo=%2Ftrack-order"
                className="text-accent font-medium underline"
              >
                Sign in
              </Link>{" "}
              to track your order.
            </p>
          ) : order || redemption ? (
            <div className="space-y-3">
              {order ? (
                <div className="bg-background space-y-3 rounded-lg border p-4">
                  <OrderInFull order={order} heading="h2" />
                </div>
              ) : null}
              {redemption ? (
                <div className="bg-background rounded-lg border p-4">
                  <RedemptionDetails redemption={redemption} heading="h2" />
                </div>
              ) : null}
            </div>
          ) : query ? (
            <p className="bg-background rounded-lg border p-4">
              No order found. Check the order ID in{" "}
              <Link to="/account?tab=orders" className="text-accent underline">
                your orders
              </Link>
              , the redemption reference in{" "}
              <Link to="/vault" className="text-accent underline">
                your vault
              </Link>{" "}
              or{" "}
              <Link to="/contact" className="text-accent underline">
                contact us
              </Link>
              .
            </p>
          ) : null}
        </div>
      </section>
    </ContentPage>
  );
}
