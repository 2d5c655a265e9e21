import { describe, expect, it } from "vitest";
import { lintTextWith } from "./lint-text";
import { layersConfig } from "./layers.js";

const crossings = lintTextWith(layersConfig);

describe("the layer lint rule", () => {
  it.each([
    ["app/.server/market/x.ts", 'import { Badge } from "~/components/ui/badge";', "app/components"],
    [
      "app/.server/market/x.ts",
      'import { Badge } from "../../components/ui/badge";',
      "app/components",
    ],
    ["app/.server/x.ts", 'export { Badge } from "../components/ui/badge";', "app/components"],
    [
      "app/.server/market/x.ts",
      'import type { Route } from "../../routes/+types/vault";',
      "app/routes",
    ],
    ["app/components/ui/x.tsx", 'import type { Ctx } from "~/.server/context";', "app/.server"],
    ["app/components/ui/x.tsx", 'import type { Ctx } from "../../.server/context";', "app/.server"],
    ["app/components/x.tsx", 'const m = await import("../.server/context");', "app/.server"],
    ["app/lib/x.ts", 'import { Badge } from "../components/ui/badge";', "app/components"],
    ["app/lib/domain/x.ts", 'export * from "~/.server/errors";', "app/.server"],
  ])("refuses %s: %s", async (file, code, to) => {
    const messages = await crossings(file, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/^packvault\/layers: Layers:/);
    expect(messages[0]).toContain(`may not import ${to}`);
  });

  it.each([
    ["app/.server/market/x.ts", 'import { formatCents } from "~/lib/money";'],
    ["app/.server/market/x.ts", 'import { formatCents } from "../../lib/money";'],
    // A folder of the domain named like a layer is still the domain.
    ["app/.server/market/x.ts", 'import { x } from "../components/x";'],
    ["app/components/ui/x.tsx", 'import { Button } from "./button";'],
    ["app/components/ui/x.tsx", 'import { cn } from "../../lib/cn";'],
    ["app/routes/x.tsx", 'import { requestCtx } from "../.server/request-context";'],
    ["app/routes/x.tsx", 'import { Button } from "~/components/ui/button";'],
    ["app/root.tsx", 'import { readFlashToasts } from "./.server/toast";'],
  ])("lets %s: %s through", async (file, code) => {
    expect(await crossings(file, code)).toEqual([]);
  });
});
