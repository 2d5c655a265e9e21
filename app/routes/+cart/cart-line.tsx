import { Minus, Plus, Trash2 } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import type { CartLine } from "~/.server/cart/cart";
import { ProductImage } from "~/components/shop/product-image";
import { Button } from "~/components/ui/button";
import { formatCents } from "~/lib/money";

/** True while a form for `lineId` is being submitted (its buttons stay disabled). */
function useLineBusy(lineId: number): boolean {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("lineId") === String(lineId);
}

/** A quantity control: posts the line's new quantity (a target, so a retry is harmless). */
function QuantityButton({
  line,
  intent,
  disabled,
}: {
  line: CartLine;
  intent: "increment" | "decrement";
  disabled: boolean;
}) {
  const next = intent === "increment" ? line.quantity + 1 : line.quantity - 1;
  const Icon = intent === "increment" ? Plus : Minus;
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="lineId" value={line.id} />
      <input type="hidden" name="quantity" value={next} />
      <Button
        type="submit"
        variant="outline"
        size="icon"
        disabled={disabled}
        aria-label={`${intent === "increment" ? "Increase" : "Decrease"} quantity of ${line.name}`}
      >
        <Icon className="size-4" aria-hidden="true" />
      </Button>
    </Form>
  );
}

/**
 * One cart line (docs/product/cart-and-orders.md): image, name, category, minus (disabled at 1) and plus
 * (disabled at the stock), remove, and the line total.
 */
export function CartLineItem({ line }: { line: CartLine }) {
  const busy = useLineBusy(line.id);
  return (
    <li className="flex flex-wrap items-center gap-4 p-4" aria-label={line.name}>
      <ProductImage product={{ ...line, id: line.productId }} className="size-20 rounded-lg" />
      <div className="min-w-0 flex-1">
        <Link to={`/product/${line.productId}`} className="font-semibold hover:underline">
          {line.name}
        </Link>
        <p className="text-muted-foreground text-sm">{line.category}</p>
        <p className="text-muted-foreground text-sm tabular-nums">
          {formatCents(line.unitPriceCents)} each
        </p>
      </div>
      <div className="flex items-center gap-2">
        <QuantityButton line={line} intent="decrement" disabled={busy || line.quantity <= 1} />
        <output
          aria-label={`Quantity of ${line.name}`}
          className="w-8 text-center font-medium tabular-nums"
        >
          {line.quantity}
        </output>
        <QuantityButton
          line={line}
          intent="increment"
          disabled={busy || line.quantity >= line.stock}
        />
      </div>
      <p className="w-24 text-right font-bold tabular-nums">
        <span className="sr-only">Line total </span>
        {formatCents(line.lineTotalCents)}
      </p>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="lineId" value={line.id} />
        <Button
          type="submit"
          variant="ghost"
          size="icon"
          disabled={busy}
          aria-label={`Remove ${line.name}`}
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </Button>
      </Form>
    </li>
  );
}
