import { cn } from "~/lib/cn";

const LOW_STOCK = 3;

/** 'Out of stock' at 0, 'Only {n} left' up to 3, else 'In stock'. */
export function StockStatus({ stock, className }: { stock: number; className?: string }) {
  const [label, tone] =
    stock <= 0
      ? ["Out of stock", "stock-out"]
      : stock <= LOW_STOCK
        ? [`Only ${stock} left`, "stock-low"]
        : ["In stock", "stock-in"];
  // The tones (`.stock-*`) are in app.css.
  return <span className={cn(tone, className)}>{label}</span>;
}
