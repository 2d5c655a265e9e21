import { z } from "zod";
import type { Route } from "./+types/art.slab";
import { renderSlabSvg } from "~/.server/art/slab-art";
import { svgResponse } from "~/.server/art/svg";
import { CARD_RARITIES } from "~/lib/domain/rarity";
import { SLAB_LIMITS } from "~/lib/art/slab-card";
import { GRADERS } from "~/lib/slabs";

/**
 * `/art/slab.svg?name=&category=&rarity=&grade=&grader=&cert=`: every field bounded; grader and
 * cert go together, and are left out for a card issued before inventory-backed packs.
 */
const slabQuery = z
  .object({
    name: z.string().trim().min(1).max(SLAB_LIMITS.nameMax),
    category: z.string().trim().min(1).max(SLAB_LIMITS.categoryMax),
    rarity: z.enum(CARD_RARITIES),
    grade: z
      .string()
      .regex(/^\d{1,2}(\.\d)?$/, "a grade has at most one decimal")
      .transform(Number)
      .pipe(z.number().min(SLAB_LIMITS.gradeMin).max(SLAB_LIMITS.gradeMax)),
    grader: z.enum(GRADERS).optional(),
    cert: z.string().regex(SLAB_LIMITS.certPattern, "a cert number is 6 to 10 digits").optional(),
  })
  .refine((q) => (q.grader === undefined) === (q.cert === undefined), {
    path: ["cert"],
    message: "a grader and a cert go together",
  })
  .transform((q) => ({ ...q, grader: q.grader ?? null, cert: q.cert ?? null }));

/**
 * The generated art of a graded slab (docs/design.md "Look and feel"), cached for a year since it
 * is a pure function of the URL. Bad or missing parameters get a 400 naming them.
 */
export function loader({ request }: Route.LoaderArgs) {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = slabQuery.safeParse(params);
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join(".")))];
    return new Response(`Invalid slab parameters: ${fields.join(", ")}`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return svgResponse(renderSlabSvg(parsed.data));
}
