import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/cn";

/**
 * A star, the rating to one decimal and the review count, e.g. "★ 4.6 (123)"; a product
 * nobody has reviewed shows "No reviews yet" (a rating without reviews means nothing).
 */
export function Rating({
  rating,
  reviewCount,
  className,
}: {
  rating: number;
  reviewCount: number;
  className?: string;
}) {
  if (reviewCount <= 0) {
    return (
      <span className={cn("rating", className)}>
        <Icon name="star" className="size-4" />
        No reviews yet
      </span>
    );
  }
  const value = rating.toFixed(1);
  const reviews = `${reviewCount} ${reviewCount === 1 ? "review" : "reviews"}`;
  return (
    <span className={cn("rating", className)}>
      <Icon name="star" className="size-4 star-on" />
      <span aria-hidden="true">
        <b>{value}</b> ({reviewCount})
      </span>
      <span className="sr-only">
        Rated {value} out of 5, {reviews}
      </span>
    </span>
  );
}
