import { z } from "zod";
import type { Route } from "./+types/art.pack";
import { renderPackSvg } from "~/.server/art/pack-art";
import { svgResponse } from "~/.server/art/svg";
import { PACK_ART_LIMITS } from "~/lib/art/pack-art";

/** `/art/pack.svg?name=&category=`: both required, trimmed and bounded; nothing else is read. */
const packQuery = z.object({
  name: z.string().trim().min(1).max(PACK_ART_LIMITS.nameMax),
  category: z.string().trim().min(1).max(PACK_ART_LIMITS.categoryMax),
});

/**
 * The generated foil wrapper of a pack (DESIGN.md "Look and feel"; spec section 9, pack art
 * categories), cached for a year since it is a pure function of the URL. Bad or missing
 * parameters get a 400 naming them.
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const parsed = packQuery.safeParse({
    name: url.searchParams.get("name") ?? undefined,
    category: url.searchParams.get("category") ?? undefined,
  });
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join(".")))];
    return new Response(`Invalid pack parameters: ${fields.join(", ")}`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return svgResponse(renderPackSvg(parsed.data));
}
