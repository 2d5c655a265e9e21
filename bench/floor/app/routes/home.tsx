import { useLoaderData } from "react-router";

/** Twelve products, as a shop page lists them: data from a loader, rendered and hydrated. */
export function loader() {
  return {
    products: Array.from({ length: 12 }, (_, i) => ({
      id: i + 1,
      name: `Collectible ${i + 1}`,
      priceCents: 1_000 + i * 250,
    })),
  };
}

export function meta() {
  return [{ title: "Framework floor" }];
}

export default function Home() {
  const { products } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>Framework floor</h1>
      <ul>
        {products.map((product) => (
          <li key={product.id}>
            <a href={`/product/${product.id}`}>{product.name}</a> $
            {(product.priceCents / 100).toFixed(2)}
          </li>
        ))}
      </ul>
    </main>
  );
}
