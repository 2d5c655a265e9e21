// A redemption ships the slab (docs/product/vault.md, redemption; docs/design.md "Inventory (real
// slabs)"): its owner finds it on /track-order by its reference or tracking number, with the
// slab's grader and cert (nobody else does, a visitor is asked to sign in), and staff print a
// packing slip naming the slab to pick (card, grader, cert, grade, bin) and where it goes.
import { randomBytes, randomUUID } from "node:crypto";
import type { AppLoadContext } from "react-router";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redemptionPackingSlip } from "~/.server/admin/redemptions";
import type { Auth } from "~/.server/policy/auth";
import { cards, slabs, type UserRole } from "~/.server/db/schema";
import { openPack } from "~/.server/packs/opening";
import { findRedemptionForTracking } from "~/.server/vault/redemptions-list";
import { requestRedemption } from "~/.server/vault/redemption";
import { redemptionReference } from "~/lib/domain/redemptions";
import { certVerificationUrl } from "~/lib/slabs";
import { loader as trackOrder } from "~/routes/track-order";
import { loader as packingSlip } from "~/routes/admin.redemptions.$id.packing-slip";
import { updateRedemptionForm } from "../helpers/admin-form";
import { createTestAuth } from "../helpers/auth";
import { as, makeCollector, makeStaff, routeContext, type Collector } from "../helpers/commerce";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { fundedCollector, makePack } from "../helpers/packs";
import { MAPLE_FALLS_SHIPPING } from "../helpers/shipping";

let db: TestDatabase;
let auth: Auth;
let admin: Collector;
let moderator: Collector;
let owner: Collector;
let stranger: Collector;
/** The owner's shipped redemption, its tracking number and the slab it ships. */
let shipped: { id: number; tracking: string; slab: typeof slabs.$inferSelect };

beforeAll(async () => {
  db = await createTestDatabase();
  auth = createTestAuth(db);
  admin = await makeStaff(db, "admin");
  moderator = await makeStaff(db, "moderator");
  stranger = await makeCollector(db);
  owner = await fundedCollector(db, 2_500);
  const packId = await makePack(db, { availableCount: 5 });
  const pull = await openPack(as(db, owner), { packId, idempotencyKey: randomUUID() });
  const { redemptionId } = await requestRedemption(as(db, owner), {
    cardId: pull.card.id,
    ...MAPLE_FALLS_SHIPPING,
  });
  const tracking = `1Z${randomBytes(6).toString("hex").toUpperCase()}`;
  await updateRedemptionForm(db.ctx({ actor: { userId: admin.id, role: "admin" } }), {
    redemptionId: String(redemptionId),
    status: "shipped",
    trackingNumber: tracking,
  });
  const [slab] = await db.db.select().from(slabs).where(eq(slabs.id, pull.card.slab!.id));
  shipped = { id: redemptionId, tracking, slab: slab! };
});
afterAll(() => db.destroy());

/** The route context of `who` signed in with `role` (a visitor for null). */
function contextOf(who: Collector | null, role: UserRole = "user"): AppLoadContext {
  const context = routeContext(db, auth, who) as unknown as { user: { role: UserRole } | null };
  if (context.user) context.user.role = role;
  return context as unknown as AppLoadContext;
}

/** What GET /track-order?q=`query` gives `who`. */
const track = (who: Collector | null, query: string) =>
  trackOrder({
    request: new Request(`http://localhost:3000/track-order?q=${encodeURIComponent(query)}`),
    params: {},
    context: contextOf(who),
  } as Parameters<typeof trackOrder>[0]);

/** What GET /admin/redemptions/{id}/packing-slip answers `who` (thrown answers included). */
async function slipFor(who: Collector | null, role: UserRole, id: string) {
  try {
    const slip = await packingSlip({
      request: new Request(`http://localhost:3000/admin/redemptions/${id}/packing-slip`),
      params: { id },
      context: contextOf(who, role),
    } as Parameters<typeof packingSlip>[0]);
    return { status: 200, slip, location: null };
  } catch (thrown) {
    if (thrown instanceof Response) {
      return { status: thrown.status, slip: null, location: thrown.headers.get("Location") };
    }
    if (thrown && typeof thrown === "object" && "init" in thrown) {
      const init = (thrown as { init: ResponseInit | null }).init;
      return { status: init?.status ?? 200, slip: null, location: null };
    }
    throw thrown;
  }
}

describe("tracking a redemption", () => {
  it("finds the owner's redemption by its reference or tracking number, with the slab's grader and cert", async () => {
    const expected = {
      id: shipped.id,
      status: "shipped",
      trackingNumber: shipped.tracking,
      slab: {
        id: shipped.slab.id,
        grader: shipped.slab.grader,
        cert: shipped.slab.cert,
        verifyUrl: certVerificationUrl(shipped.slab.grader, shipped.slab.cert),
      },
    };
    for (const query of [
      redemptionReference(shipped.id),
      `r${shipped.id}`,
      ` R - ${shipped.id} `,
      shipped.tracking,
      `${shipped.tracking.slice(0, 6)} ${shipped.tracking.slice(6)}`,
      `${shipped.tracking.slice(0, 2)}-${shipped.tracking.slice(2)}`,
    ]) {
      const page = await track(owner, query);
      expect(page.signedIn).toBe(true);
      expect(page.redemption, query).toMatchObject(expected);
      expect(page.order).toBeNull();
    }
  });

  it("tells nothing of it to another collector, and names no redemption by a bare number", async () => {
    for (const query of [redemptionReference(shipped.id), shipped.tracking]) {
      const page = await track(stranger, query);
      expect(page).toMatchObject({ signedIn: true, order: null, redemption: null });
    }
    // "12" names order 12 (the order lookup's words); a redemption is "R-12".
    expect((await track(owner, String(shipped.id))).redemption).toBeNull();
    expect(
      await findRedemptionForTracking(as(db, owner), { query: `R-${shipped.id + 1000}` }),
    ).toBeNull();
    expect(await findRedemptionForTracking(as(db, owner), { query: "R-9999999999" })).toBeNull();
    expect(await findRedemptionForTracking(as(db, owner), { query: "1Z" })).toBeNull();
  });

  it("asks a visitor to sign in and looks nothing up", async () => {
    const page = await track(null, shipped.tracking);
    expect(page).toEqual({
      query: shipped.tracking,
      signedIn: false,
      order: null,
      redemption: null,
    });
    await expect(
      findRedemptionForTracking(db.ctx({ actor: null }), { query: shipped.tracking }),
    ).rejects.toMatchObject({ code: "not_signed_in", status: 401 });
  });
});

describe("the packing slip", () => {
  it("names the slab to pick (card, grader, cert, grade, bin) and the ship-to address, for every staff member", async () => {
    const [card] = await db.db.select().from(cards).where(eq(cards.id, shipped.slab.cardId));
    for (const [who, role] of [
      [admin, "admin"],
      [moderator, "moderator"],
    ] as const) {
      const answer = await slipFor(who, role, String(shipped.id));
      expect(answer.status).toBe(200);
      expect(answer.slip).toMatchObject({
        id: shipped.id,
        status: "shipped",
        trackingNumber: shipped.tracking,
        ownerEmail: owner.email,
        shipping: {
          name: "Casey Collector",
          address: "1 Main St",
          city: "Maple Falls",
          state: "OH",
          zip: "44101",
          country: "USA",
        },
        slab: {
          grader: shipped.slab.grader,
          cert: shipped.slab.cert,
          grade: shipped.slab.grade,
          bin: shipped.slab.bin,
          verifyUrl: certVerificationUrl(shipped.slab.grader, shipped.slab.cert),
          card: {
            setName: card!.setName,
            number: card!.number,
            variant: card!.variant,
            year: card!.year,
          },
        },
      });
    }
  });

  it("is staff only, and a 404 for an unknown or malformed id", async () => {
    expect(await slipFor(owner, "user", String(shipped.id))).toMatchObject({
      status: 302,
      location: "/",
    });
    expect((await slipFor(null, "user", String(shipped.id))).status).toBe(302);
    await expect(redemptionPackingSlip(as(db, owner), shipped.id)).rejects.toMatchObject({
      code: "forbidden",
      status: 403,
    });
    expect((await slipFor(admin, "admin", String(shipped.id + 1000))).status).toBe(404);
    expect((await slipFor(admin, "admin", "abc")).status).toBe(404);
    expect((await slipFor(admin, "admin", "0")).status).toBe(404);
  });
});
