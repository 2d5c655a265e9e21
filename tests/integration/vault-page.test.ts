// The /vault page's grids (docs/decisions/048-collector-pages-in-fewer-statements.md): a page of
// cards per grid, 'Show more cards' through `?shown=`, the summary and the offers over every card.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { openPack } from "~/.server/packs/opening";
import { acceptBuyback } from "~/.server/vault/buyback";
import { VAULT_PAGE_SIZE, parseVaultShown } from "~/lib/schemas/vault";
import { loader } from "~/routes/vault";
import { routeContext } from "../helpers/commerce";
import { databaseForFile, authForFile } from "../helpers/file-setup";
import { asAt, fundedCollector, makePack } from "../helpers/packs";

const db = databaseForFile();
const auth = authForFile(db);

describe("the /vault page's grids", () => {
  it("shows a page of cards per grid, a page more with ?shown=, and sums and offers over all", async () => {
    const pulls = VAULT_PAGE_SIZE + 2;
    const packId = await makePack(db, { priceCents: 100, availableCount: 100 });
    const user = await fundedCollector(db, pulls * 100);
    const now = new Date();
    const pulled = [];
    for (let i = 0; i < pulls; i++) {
      pulled.push(await openPack(asAt(db, user, now), { packId, idempotencyKey: randomUUID() }));
    }
    await acceptBuyback(asAt(db, user, now), { offerId: pulled[0]!.buyback!.offerId });
    const page = async (search: string) => {
      const data = await loader({
        request: new Request(`http://localhost:3000/vault${search}`),
        params: {},
        context: routeContext(db, auth, user),
      } as Parameters<typeof loader>[0]);
      if (!data.signedIn) throw new Error("signed out");
      return data;
    };

    const first = await page("");
    expect(first.shown).toBe(VAULT_PAGE_SIZE);
    expect(first.grids.vaulted.cards).toHaveLength(VAULT_PAGE_SIZE);
    expect(first.grids.vaulted.total).toBe(pulls - 1);
    expect(first.grids.all.cards).toHaveLength(VAULT_PAGE_SIZE);
    expect(first.grids.all.total).toBe(pulls);
    expect(first.summary.cardsInVault).toBe(pulls - 1);
    expect(first.offerCards).toHaveLength(pulls - 1);

    const more = await page("?tab=all&shown=48");
    expect(more.grids.all.cards).toHaveLength(pulls);
    expect(more.grids.vaulted.cards.map((card) => card.id)).toEqual(
      more.grids.all.cards.filter((card) => card.status === "vaulted").map((card) => card.id),
    );
  });

  it("reads ?shown= as whole pages, one by default, at most a hundred", () => {
    expect(parseVaultShown(null)).toBe(VAULT_PAGE_SIZE);
    expect(parseVaultShown("abc")).toBe(VAULT_PAGE_SIZE);
    expect(parseVaultShown("-5")).toBe(VAULT_PAGE_SIZE);
    expect(parseVaultShown("25")).toBe(2 * VAULT_PAGE_SIZE);
    expect(parseVaultShown("48")).toBe(2 * VAULT_PAGE_SIZE);
    expect(parseVaultShown("1e9")).toBe(100 * VAULT_PAGE_SIZE);
  });
});
