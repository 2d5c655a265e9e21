import { randomUUID } from "node:crypto";
import { ShoppingBag } from "lucide-react";
import { Link, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/cart";
import type { loader as rootLoader } from "~/root";
import { CartLineItem } from "./+cart/cart-line";
import { CartSummary } from "./+cart/cart-summary";
import { addToCart, listCart, removeLine, setQuantity } from "~/.server/cart/cart";
import { getAccount } from "~/.server/account/profile";
import { requireUser } from "~/.server/auth/guards";
import { checkout } from "~/.server/orders/checkout";
import { intent, runIntent } from "~/.server/http/run-intent";
import { requestCtx } from "~/.server/request-context";
import type { ToastInput } from "~/.server/toast";
import { Button } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { redeemAddressOf } from "~/components/vault/redeem-dialog";
import { pageMeta } from "~/lib/meta";
import {
  addToCartSchema,
  cartQuantityFormSchema,
  checkoutSchema,
  removeLineSchema,
} from "~/lib/schemas/cart";
import { achievementToasts } from "~/lib/achievement-toasts";
import { useToasts } from "~/lib/toast";
import { sessionPageHandle } from "~/lib/session-page-cache";

export const meta: Route.MetaFunction = () =>
  pageMeta("Shopping Cart", "The collectibles in your PackVault cart, ready to check out.");

/**
 * Kept per session while the database is unchanged: its loaders read only the database, the URL
 * and the session (docs/decisions/062-signed-in-page-cache.md).
 */
export const handle = sessionPageHandle;

/**
 * /cart (docs/product/cart-and-orders.md): signed out, redirect to /auth. The checkout form's
 * idempotency key is made here, once per render, so a double click, a second tab of the same
 * page or a retry places one order (docs/product/cart-and-orders.md); the form starts from the saved shipping
 * address. The wallet's available balance that pays for it is the header's (the root loader's).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const ctx = requestCtx(context);
  const [cart, account] = await Promise.all([listCart(ctx), getAccount(ctx)]);
  return {
    cart,
    address: redeemAddressOf(account),
    idempotencyKey: randomUUID(),
    email: user.email,
    emailVerified: user.emailVerified,
  };
}

const errorToast = (title: string, description: string): ToastInput => ({
  kind: "error",
  title,
  description,
});

/** The plus and minus controls: the line's new quantity, back to /cart. */
const changeQuantity = intent({
  schema: cartQuantityFormSchema,
  invalidToast: (first) => errorToast("Error", first),
  run: setQuantity,
  done: () => ({ redirect: "/cart" }),
});

/**
 * Every cart form posts here with an `intent` (add | increment | decrement | remove |
 * checkout); a form that fails the shared schema gets a 400 'Error' and changes nothing. Add to
 * Cart comes from product pages and cards and returns to their `redirectTo` (a same-site path),
 * with its refusal too; checkout needs a verified email (a money-moving intent).
 */
export const action = (args: Route.ActionArgs) =>
  runIntent(
    args,
    {
      add: intent({
        schema: addToCartSchema,
        invalidToast: (first) => errorToast("Error", first),
        run: addToCart,
        done: (_line, _input, { returnTo }) => ({
          redirect: returnTo,
          toasts: [{ kind: "success", title: "Added to cart" }],
        }),
        refused: (_error, _input, { returnTo }) => ({ redirect: returnTo }),
      }),
      increment: changeQuantity,
      decrement: changeQuantity,
      remove: intent({
        schema: removeLineSchema,
        invalidToast: (first) => errorToast("Error", first),
        run: removeLine,
        done: () => ({
          redirect: "/cart",
          toasts: [{ kind: "success", title: "Removed from cart" }],
        }),
      }),
      checkout: intent({
        schema: checkoutSchema,
        // The form shows each error beside its field.
        invalidToast: () => null,
        run: checkout,
        done: ({ pointsAwarded, achievements }) => ({
          redirect: "/account?tab=orders",
          toasts: [
            {
              kind: "success",
              title: `Order placed successfully! You earned ${pointsAwarded} reward points!`,
            },
            ...achievementToasts(achievements),
          ],
        }),
      }),
    },
    { home: "/cart" },
  );

export default function Cart({ loaderData, actionData }: Route.ComponentProps) {
  useToasts(actionData?.toasts);
  const { cart, address, idempotencyKey, email, emailVerified } = loaderData;
  // The wallet's available balance: the header's, read once for the whole page by the root loader.
  const availableCents = useRouteLoaderData<typeof rootLoader>("root")?.walletBalanceCents ?? 0;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:py-12">
      <PageHeader title="Shopping Cart" />
      {cart.lines.length === 0 ? (
        <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed px-4 py-14 text-center">
          <ShoppingBag className="text-muted-foreground size-10" aria-hidden="true" />
          <p className="max-w-sm">
            Your cart is empty. Start adding items to build your collection!
          </p>
          <Button asChild>
            <Link to="/products">Browse the shop</Link>
          </Button>
        </div>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[1fr_20rem] lg:items-start">
          <ul aria-label="Cart items" className="divide-y rounded-xl border">
            {cart.lines.map((line) => (
              <CartLineItem key={line.id} line={line} />
            ))}
          </ul>
          <CartSummary
            lines={cart.lines}
            actionData={actionData}
            totalCents={cart.totalCents}
            availableCents={availableCents}
            address={address}
            idempotencyKey={idempotencyKey}
            email={email}
            emailVerified={emailVerified}
          />
        </div>
      )}
    </div>
  );
}
