import { randomUUID } from "node:crypto";
import { asc, desc, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { expect } from "vitest";
import type { z } from "zod";
import type { Auth } from "~/.server/policy/auth";
import type { Ctx } from "~/.server/context";
import * as events from "~/.server/admin/events";
import * as fraud from "~/.server/admin/fraud";
import * as listings from "~/.server/admin/listings";
import * as packs from "~/.server/admin/packs";
import * as payouts from "~/.server/admin/payouts";
import * as redemptions from "~/.server/admin/redemptions";
import * as submissions from "~/.server/admin/submissions";
import * as users from "~/.server/admin/users";
import * as fulfilment from "~/.server/orders/fulfilment";
import {
  deleteListingSchema,
  deleteSubmissionSchema,
  createPackSchema,
  packIdSchema,
  payoutDecisionSchema,
  updateOrderSchema,
  updatePackSchema,
  updateRedemptionSchema,
  updateSubmissionSchema,
} from "~/lib/schemas/admin";
import { createEventSchema, eventIdSchema, updateEventSchema } from "~/lib/schemas/events-admin";
import { action } from "~/routes/admin";
import { createTestAuth } from "./auth";
import { formPost, routeContext, type Collector } from "./commerce";
import type { TestDatabase } from "./db";
import { parsed } from "./forms";
import { marketSnapshot } from "./market";
import { poolSlabs } from "./packs";
import { commitPool } from "~/.server/policy/pool-commitment";
import { adminAuditLog, packs as packTable } from "~/.server/db/schema";

/** What the admin page's action answered a form with. */
export type AdminAnswer = {
  status: number;
  /** Where a success redirects (back to its tab). */
  location: string | null;
  /** The seam's errors by field (empty on success). */
  fieldErrors: Record<string, string[]>;
  toasts: { kind: string; title: string; description?: string }[];
};

const auths = new WeakMap<TestDatabase, Auth>();

/**
 * Posts `fields` as the /admin form of `intent` through the page's action and the seam
 * (app/routes/admin.tsx, docs/decisions/024-admin-forms-on-conform.md), signed in as `staff`
 * with `role`. A null field is left out of the form, as a browser leaves out an unticked box.
 */
export async function postAdminForm(
  db: TestDatabase,
  staff: Collector,
  role: "admin" | "moderator",
  intent: string,
  fields: Record<string, string | null>,
): Promise<AdminAnswer> {
  const auth = auths.get(db) ?? createTestAuth(db);
  auths.set(db, auth);
  const base = routeContext(db, auth, staff);
  const context = { ...base, user: { ...base.user!, role } } as AppLoadContext;
  const form = Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== null),
  );
  let answer: unknown;
  try {
    answer = await action({
      request: formPost("/admin", { ...form, intent }),
      params: {},
      context,
    } as Parameters<typeof action>[0]);
  } catch (thrown) {
    answer = thrown;
  }
  if (answer instanceof Response) {
    return {
      status: answer.status,
      location: answer.headers.get("Location"),
      fieldErrors: {},
      toasts: [],
    };
  }
  if (answer && typeof answer === "object" && "init" in answer && "data" in answer) {
    const { init, data } = answer as {
      init: ResponseInit | null;
      data: Pick<AdminAnswer, "fieldErrors" | "toasts">;
    };
    return {
      status: init?.status ?? 200,
      location: null,
      fieldErrors: data.fieldErrors,
      toasts: data.toasts,
    };
  }
  throw answer;
}

/** Every message of an answer's field errors, field by field. */
export const fieldMessages = (answer: AdminAnswer) => Object.values(answer.fieldErrors).flat();

/**
 * Expects the admin's form `fields`, posted as `intent` by `staff` (an admin unless `role` says
 * otherwise), refused by the seam with 400, the intent's error title as the toast, and `message`
 * beside a field (the seam parsed the form; the domain function was not called).
 */
export async function expectFormRefused(
  db: TestDatabase,
  staff: Collector,
  intent: string,
  fields: Record<string, string | null>,
  message: string | RegExp,
  role: "admin" | "moderator" = "admin",
): Promise<void> {
  const answer = await postAdminForm(db, staff, role, intent, fields);
  expect(answer.status, JSON.stringify(answer)).toBe(400);
  expect(answer.toasts).toMatchObject([{ kind: "error", title: expect.stringMatching(/^Error /) }]);
  expect(fieldMessages(answer)).toContainEqual(
    typeof message === "string" ? message : expect.stringMatching(message),
  );
}

/**
 * A domain function as the seam calls it: the form's `fields` parsed once with `schema`
 * first (a form the schema refuses throws a ZodError: the test's own mistake).
 */
export function fromForm<S extends z.ZodType, R>(
  schema: S,
  run: (ctx: Ctx, input: z.output<S>) => R,
): (ctx: Ctx, fields: Record<string, unknown>) => R {
  return (ctx, fields) => run(ctx, parsed(schema, fields));
}

/**
 * A valid create-pack form as /admin posts it (names untrimmed, as typed, with the form's key),
 * with `overrides`. Not active: a new pack has no pool, so it cannot be put on sale before staff
 * compose one (docs/decisions/041-pool-commitment.md).
 */
export const packForm = (overrides: Record<string, string | null> = {}) => ({
  idempotencyKey: randomUUID(),
  name: `Admin Pack ${randomUUID().slice(0, 6)}`,
  description: "Fresh from the admin tab",
  category: "MTG",
  price: "12.50",
  isActive: null,
  common: "80",
  uncommon: "12",
  rare: "6.5",
  legendary: "1.5",
  commonNames: "Goblin\n\n  Elf  \nMerfolk",
  uncommonNames: "Knight",
  rareNames: "Dragon\nAngel",
  legendaryNames: "Black Lotus",
  ...overrides,
});

// The admin functions as the seam calls them (docs/decisions/024-admin-forms-on-conform.md):
// a test passes the form's fields, parsed here with the intent's schema first.
/** A create form as the tab posts it: with a fresh key of its own unless `fields` has one. */
const withKey =
  <R>(run: (ctx: Ctx, fields: Record<string, unknown>) => R) =>
  (ctx: Ctx, fields: Record<string, unknown>) =>
    run(ctx, { idempotencyKey: randomUUID(), ...fields });
export const createPackForm = withKey(fromForm(createPackSchema, packs.createPack));
export const updatePackForm = fromForm(updatePackSchema, packs.updatePack);

/** Gives pack `packId` a committed pool of 10 mid-band slabs a tier at its price. */
export async function giveCommittedPool(db: TestDatabase, packId: number): Promise<void> {
  const [pack] = await db.db.select().from(packTable).where(eq(packTable.id, packId));
  const counts = { common: 10, uncommon: 10, rare: 10, legendary: 10 };
  await poolSlabs(db, { packId, category: pack!.category, priceCents: pack!.priceCents, counts });
  await commitPool(db, packId);
}

/**
 * What staff do to sell a new pack (docs/decisions/041-pool-commitment.md): create it off sale
 * from `fields` (a pack form), give it a committed pool (`giveCommittedPool`), then put it on sale
 * with the same form ticked active.
 */
export async function createPackOnSale(
  db: TestDatabase,
  ctx: Ctx,
  fields: Record<string, string | null>,
): Promise<{ packId: number }> {
  const { packId } = await createPackForm(ctx, { ...fields, isActive: null });
  await giveCommittedPool(db, packId);
  await updatePackForm(ctx, { ...fields, isActive: "on", packId: String(packId) });
  return { packId };
}
export const deletePackForm = fromForm(packIdSchema, packs.deletePack);
export const createEventForm = withKey(fromForm(createEventSchema, events.createEvent));
export const updateEventForm = fromForm(updateEventSchema, events.updateEvent);
export const deleteEventForm = fromForm(eventIdSchema, events.deleteEvent);
export const deleteListingForm = fromForm(deleteListingSchema, listings.deleteListing);
export const updateRedemptionForm = fromForm(updateRedemptionSchema, redemptions.updateRedemption);
export const updateSubmissionForm = fromForm(updateSubmissionSchema, submissions.updateSubmission);
export const deleteSubmissionForm = fromForm(deleteSubmissionSchema, submissions.deleteSubmission);
export const decidePayoutForm = fromForm(payoutDecisionSchema, payouts.decidePayout);
export const updateStoreOrderForm = fromForm(updateOrderSchema, fulfilment.updateStoreOrder);
export const updateUserForm = fromForm(users.updateUserSchema, users.updateUser);
export const deleteUserForm = fromForm(users.deleteUserSchema, users.deleteUser);
export const blockEntityForm = fromForm(fraud.blockEntitySchema, fraud.blockEntity);
export const unblockEntityForm = fromForm(fraud.unblockEntitySchema, fraud.unblockEntity);

/** {@link expectFormRefused}, and every marketplace row (market.ts marketSnapshot) as it was. */
export async function expectFormRefusedUnchanged(
  db: TestDatabase,
  staff: Collector,
  intent: string,
  fields: Record<string, string | null>,
  message: string | RegExp,
): Promise<void> {
  const before = await marketSnapshot(db);
  await expectFormRefused(db, staff, intent, fields, message);
  expect(await marketSnapshot(db)).toEqual(before);
}

/**
 * The admin audit log's rows about `targetId` (a row's id, or a user's), oldest first or newest
 * first (docs/product/administration.md: every staff change is audited).
 */
export const auditRowsFor = (
  db: TestDatabase,
  targetId: number | string,
  order: "oldest first" | "newest first",
) =>
  db.db
    .select()
    .from(adminAuditLog)
    .where(eq(adminAuditLog.targetId, String(targetId)))
    .orderBy(order === "oldest first" ? asc(adminAuditLog.id) : desc(adminAuditLog.id));
