import type { Ctx } from "~/.server/context";
import { readPageQuery, type Paged, type PageQuery } from "~/.server/policy/paging";
import { can, type AdminCapability } from "~/.server/policy/permissions";
import type { z } from "zod";
import { adminIntent, type AdminIntent } from "./tab-contract";

/**
 * What a tab listing one page of a search shows: the page (`rows`, `total`, `page`,
 * `pageCount`), the search `q`, and one flag a control the actor's role may use (`canManage`).
 */
export type PagedTabData<Row, Flag extends string> = Paged<Row> & { q: string } & Record<
    Flag,
    boolean
  >;

/**
 * The `load` of a tab that lists one page of a search (docs/product/administration.md: each tab
 * is a searchable table, 50 a page): reads `page` and `q` from the search params, lists that
 * page with `list`, and answers each of `flags` with whether the actor's role has its
 * capability (docs/decisions/024-admin-forms-on-conform.md: the domain function still checks).
 */
export function loadPaged<Row, Flag extends string>(
  list: (ctx: Ctx, query: PageQuery) => Promise<Paged<Row>>,
  flags: Record<Flag, AdminCapability>,
): (ctx: Ctx, search: URLSearchParams) => Promise<PagedTabData<Row, Flag>> {
  return async (ctx, search) => {
    const query = readPageQuery(search);
    const allowed = Object.fromEntries(
      Object.entries<AdminCapability>(flags).map(([flag, capability]) => [
        flag,
        can(ctx.actor?.role, capability),
      ]),
    ) as Record<Flag, boolean>;
    return { ...(await list(ctx, query)), q: query.q, ...allowed };
  };
}

/**
 * A tab's create and edit forms of one kind of row made in a dialog (an event, a pack), as
 * `create-<kind>` and `update-<kind>`: 'Pack created successfully', 'Pack updated
 * successfully', and 'Error saving pack' for a refusal of either. The create form carries the
 * `createKey` the tab made when it loaded: a doubled submit creates one.
 */
export function saveIntents<C extends z.ZodType, U extends z.ZodType>(
  kind: string,
  capability: AdminCapability,
  create: { schema: C; run: (ctx: Ctx, input: z.output<C>) => Promise<unknown> },
  update: { schema: U; run: (ctx: Ctx, input: z.output<U>) => Promise<void> },
): Record<string, AdminIntent> {
  const noun = kind.charAt(0).toUpperCase() + kind.slice(1);
  const errorTitle = `Error saving ${kind}`;
  return {
    [`create-${kind}`]: adminIntent({
      capability,
      schema: create.schema,
      successTitle: `${noun} created successfully`,
      errorTitle,
      run: async (ctx, input) => {
        await create.run(ctx, input);
      },
    }),
    [`update-${kind}`]: adminIntent({
      capability,
      schema: update.schema,
      successTitle: `${noun} updated successfully`,
      errorTitle,
      run: (ctx, input) => update.run(ctx, input),
    }),
  } as Record<string, AdminIntent>;
}
