import type { Route } from "./+types/home";
import { pageMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Graded collectibles and mystery packs",
    "Open mystery packs of graded cards, shop collectibles and trade with collectors.",
  );

export default function Home() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-4xl font-bold">PackVault</h1>
    </div>
  );
}
