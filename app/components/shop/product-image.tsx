import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

type ImageSource = { id: number; imageUrl: string | null };
type Described = { name: string; category: string; rarity: string };

/** A product's image URL: its own image, else the generated art `/art/product/{id}.svg`. */
export function productImageSrc({ id, imageUrl }: ImageSource): string {
  return imageUrl ?? `/art/product/${id}.svg`;
}

/** Alt text that says what the picture shows: "{name}, {category}, {rarity}". */
export function productImageAlt({ name, category, rarity }: Described): string {
  return `${name}, ${category}, ${rarity}`;
}

/**
 * A product's square picture (400x400 intrinsic size, so the layout never jumps); set its
 * width with `className`.
 * Lazy by default; pass `loading="eager"` for the first screenful.
 */
export function ProductImage({
  product,
  className,
  ...props
}: { product: ImageSource & Described } & Omit<ComponentProps<"img">, "src" | "alt">) {
  return (
    <img
      src={productImageSrc(product)}
      alt={productImageAlt(product)}
      width={400}
      height={400}
      loading="lazy"
      decoding="async"
      className={cn("bg-surface-2 aspect-square object-cover", className)}
      {...props}
    />
  );
}
