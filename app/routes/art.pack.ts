import { z } from "zod";
import type { Route } from "./+types/art.pack";
import { renderPackSvg } from "~/.server/art/pack-art";
import { svgResponse } from "~/.server/art/svg";
import { PACK_ART_LIMITS, PACK_TIERS } from "~/lib/art/pack-art";

/**
 * `/art/pack.svg?name=&category=&tier=`: name and category required, trimmed and bounded; the
 * tier one of PACK_TIERS, `standard` when missing; nothing else is read.
 */
const packQuery = z.object({
  name: z.string().trim().min(1).max(PACK_ART_LIMITS.nameMax),
  category: z.string().trim().min(1).max(PACK_ART_LIMITS.categoryMax),
  tier: z.enum(PACK_TIERS).default("standard"),
});

/**
 * The generated foil wrapper of a pack (docs/design.md "Look and feel"; docs/decisions/026-art-and-demo-shop.md), cached for a year since it is a pure function of the URL. Bad or missing
 * parameters get a 400 naming them.
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const parsed = packQuery.safeParse({
    name: url.searchParams.get("name") ?? undefined,
    category: url.searchParams.get("category") ?? undefined,
    tier: url.searchParams.get("tier") ?? undefined,
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
