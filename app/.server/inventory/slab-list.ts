import { and, asc, desc, eq, ilike, ne, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Ctx } from "../context";
import { mapPage, readPage, type Paged } from "../policy/paging";
import { requireStaff } from "../policy/permissions";
import { cards, packs, profiles, slabEvents, slabs, userCards } from "../db/schema";
import { likePattern } from "../db/like-pattern";
import { DomainError } from "../errors";
import type { Cents } from "~/lib/money";
import type { SlabFilters } from "~/lib/schemas/inventory";
import { certVerificationUrl, type Grader, type SlabState } from "~/lib/slabs";
import type { CardRarity } from "~/lib/domain/rarity";

/** One slab as the Inventory tab lists it. */
export type InventorySlab = {
  id: number;
  card: {
    id: number;
    name: string;
    setName: string;
    number: string;
    variant: string;
    year: number;
  };
  grader: Grader;
  cert: string;
  /** The grader's public verification page for the cert. */
  verifyUrl: string;
  grade: number;
  fmvCents: Cents;
  costCents: Cents;
  state: SlabState;
  bin: string;
  /** The pack whose pool holds it (while `in_pool`). */
  pack: { id: number; name: string; tier: CardRarity } | null;
  /** The collector whose card it is (owned, shipping out, redeemed). */
  owner: { id: string; email: string; name: string } | null;
};

/** One entry of a slab's custody history. */
export type SlabHistoryEntry = {
  id: number;
  fromState: SlabState | null;
  toState: SlabState;
  /** The pack whose pool it entered or left. */
  pack: { id: number; name: string } | null;
  reason: string | null;
  at: Date;
};

/** A slab with everything the Inventory tab's detail shows. */
export type InventorySlabDetail = InventorySlab & {
  frontImageUrl: string | null;
  backImageUrl: string | null;
  acquiredOn: string;
  writeOffReason: string | null;
  /** Staff pinned its FMV: recomputes leave it alone (docs/product/value.md "When values change"). */
  fmvPinned: boolean;
  history: SlabHistoryEntry[];
};

// A slab's live holder: the card that references it and is not sold back (at most one).
const holder = alias(userCards, "holder");
const poolPack = alias(packs, "pool_pack");

const LIST_COLUMNS = {
  slab: slabs,
  card: {
    id: cards.id,
    name: cards.name,
    setName: cards.setName,
    number: cards.number,
    variant: cards.variant,
    year: cards.year,
  },
  packName: poolPack.name,
  ownerId: profiles.id,
  ownerEmail: profiles.email,
  ownerName: profiles.fullName,
};

type ListRow = {
  slab: typeof slabs.$inferSelect;
  card: InventorySlab["card"];
  packName: string | null;
  ownerId: string | null;
  ownerEmail: string | null;
  ownerName: string | null;
};

function toInventorySlab(row: ListRow): InventorySlab {
  const s = row.slab;
  return {
    id: s.id,
    card: row.card,
    grader: s.grader,
    cert: s.cert,
    verifyUrl: certVerificationUrl(s.grader, s.cert),
    grade: s.grade,
    fmvCents: s.fmvCents,
    costCents: s.costCents,
    state: s.state,
    bin: s.bin,
    pack:
      s.packId !== null && s.poolTier !== null && row.packName !== null
        ? { id: s.packId, name: row.packName, tier: s.poolTier }
        : null,
    owner:
      row.ownerId && row.ownerEmail !== null && row.ownerName !== null
        ? { id: row.ownerId, email: row.ownerEmail, name: row.ownerName }
        : null,
  };
}

/** The filter of the list: every given filter holds. */
function whereOf(filters: Partial<SlabFilters>): SQL | undefined {
  const q = filters.q;
  return and(
    filters.state ? eq(slabs.state, filters.state) : undefined,
    filters.grader ? eq(slabs.grader, filters.grader) : undefined,
    filters.bin ? sql`lower(${slabs.bin}) = lower(${filters.bin})` : undefined,
    q
      ? or(
          ilike(cards.name, likePattern(q)),
          ilike(cards.setName, likePattern(q)),
          ilike(slabs.cert, likePattern(q)),
        )
      : undefined,
  );
}

/** The list's joins: the card, the pool's pack and the live holder's profile. */
function joined(ctx: Ctx) {
  return ctx.db
    .select(LIST_COLUMNS)
    .from(slabs)
    .innerJoin(cards, eq(cards.id, slabs.cardId))
    .leftJoin(poolPack, eq(poolPack.id, slabs.packId))
    .leftJoin(holder, and(eq(holder.slabId, slabs.id), ne(holder.status, "sold")))
    .leftJoin(profiles, eq(profiles.id, holder.userId));
}

/**
 * One page of the vault's slabs for the admin's Inventory tab (docs/design.md "Inventory (real
 * slabs)"), newest first, filtered by custody state, grader, bin (exact, case-insensitive) and
 * `q` (contained in the card's name or set, or the cert), with the total of matches. Each slab
 * names the pack whose pool holds it and the collector whose card it is, where that applies.
 * @throws DomainError `forbidden` (403) for anyone but staff.
 */
export async function listSlabs(
  ctx: Ctx,
  { page, ...filters }: Partial<SlabFilters> & { page: number },
): Promise<Paged<InventorySlab>> {
  requireStaff(ctx, "view");
  const paged = await readPage(
    ctx.db,
    page,
    joined(ctx).where(whereOf(filters)).$dynamic(),
    desc(slabs.id),
  );
  return mapPage(paged, toInventorySlab);
}

/**
 * One slab with its photos and its custody history, oldest entry first (the rows the slabs
 * trigger wrote: intake, every state change, the pack of a pool move, a write-off's reason).
 * @throws DomainError `forbidden` (403) for anyone but staff; `not_found` (404).
 */
export async function slabDetail(ctx: Ctx, slabId: number): Promise<InventorySlabDetail> {
  requireStaff(ctx, "view");
  const [row] = await joined(ctx).where(eq(slabs.id, slabId));
  if (!row) throw new DomainError("not_found", "Slab not found", 404);
  const history = await ctx.db
    .select({ event: slabEvents, packName: packs.name })
    .from(slabEvents)
    .leftJoin(packs, eq(packs.id, slabEvents.packId))
    .where(eq(slabEvents.slabId, slabId))
    .orderBy(asc(slabEvents.id));
  return {
    ...toInventorySlab(row),
    frontImageUrl: row.slab.frontImageUrl,
    backImageUrl: row.slab.backImageUrl,
    acquiredOn: row.slab.acquiredOn,
    writeOffReason: row.slab.writeOffReason,
    fmvPinned: row.slab.fmvPinnedAt !== null,
    history: history.map(({ event, packName }) => ({
      id: event.id,
      fromState: event.fromState,
      toState: event.toState,
      pack:
        event.packId !== null
          ? { id: event.packId, name: packName ?? `Pack ${event.packId} (deleted)` }
          : null,
      reason: event.reason,
      at: event.at,
    })),
  };
}
