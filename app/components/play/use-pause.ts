import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";

/**
 * The signed-in collector's break or self-exclusion in force (the root loader's `pause`), or
 * null: pages show {@link PauseNote} in place of the prompts to open a pack, buy or make an
 * offer while it runs (docs/decisions/010-responsible-play.md).
 */
export function usePause() {
  return useRouteLoaderData<typeof rootLoader>("root")?.pause ?? null;
}
