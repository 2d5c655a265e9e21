import { cn } from "~/lib/cn";

const LOW_STOCK = 3;

/** 'Out of stock' at 0, 'Only {n} left' up to 3, else 'In stock'. */
export function StockStatus({ stock, className }: { stock: number; className?: string }) {
  const [label, tone] =
    stock <= 0
      ? ["Out of stock", "text-danger"]
      : stock <= LOW_STOCK
        ? [`Only ${stock} left`, "text-amber-700 dark:text-amber-300"]
        : ["In stock", "text-green-700 dark:text-green-400"];
  return <span className={cn("text-sm font-medium", tone, className)}>{label}</span>;
}
