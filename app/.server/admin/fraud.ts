import { isIP } from "node:net";
import { and, desc, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import { z } from "zod";
import { formId } from "~/lib/schemas/market";
import { inTransaction, type Ctx } from "../context";
import {
  BLOCKED_ENTITY_TYPES,
  blockedEntities,
  loginAttempts,
  profiles,
  session,
  suspiciousActivities,
} from "../db/schema";
import { DomainError } from "../errors";
import { lockSubject } from "../security/blocks";
import { recordAudit } from "../policy/audit";
import { mapPage, readPage, searchAny, type PageQuery, type Paged } from "../policy/paging";
import { requireStaff } from "../policy/permissions";

/** docs/product/administration.md: suspicious activity and login attempts fetch 100 each. */
export const FRAUD_FETCH_LIMIT = 100;
/** docs/product/administration.md: of the login attempts fetched, 50 are shown. */
export const LOGIN_ATTEMPTS_SHOWN = 50;

/** One row of the blocked entities list (docs/product/administration.md, blocked_entity). */
export type BlockedEntityRow = {
  id: number;
  entityType: "email" | "ip";
  entityValue: string;
  reason: string;
  /** null: blocked for good. */
  blockedUntil: Date | null;
  createdAt: Date;
  /** Whether the block denies access now (permanent, or its end is still ahead). */
  active: boolean;
};

export type SuspiciousActivityRow = {
  id: number;
  activityType: string;
  severity: "low" | "medium" | "high" | "critical";
  description: string;
  ipAddress: string | null;
  createdAt: Date;
};

export type LoginAttemptRow = {
  id: number;
  email: string;
  success: boolean;
  failureReason: string | null;
  ipAddress: string | null;
  createdAt: Date;
};

/** Everything the Fraud tab shows. */
export type FraudOverview = {
  /** Newest first, matching `q` in the value or the reason. */
  blocked: Paged<BlockedEntityRow>;
  /** The newest {@link FRAUD_FETCH_LIMIT}. */
  suspicious: SuspiciousActivityRow[];
  /** The newest {@link FRAUD_FETCH_LIMIT}; the tab shows {@link LOGIN_ATTEMPTS_SHOWN}. */
  loginAttempts: LoginAttemptRow[];
};

/**
 * The Fraud tab (docs/product/administration.md): a page of blocked entities newest first (search in the value
 * and the reason), and the newest 100 suspicious activities and login attempts.
 * @throws DomainError `forbidden` (403) for anyone but staff.
 */
export async function loadFraudOverview(ctx: Ctx, { page, q }: PageQuery): Promise<FraudOverview> {
  requireStaff(ctx, "view");
  const now = ctx.now();
  const where = searchAny(q, [blockedEntities.entityValue, blockedEntities.reason]);
  const [blocked, suspicious, attempts] = await Promise.all([
    readPage(
      ctx.db,
      page,
      ctx.db
        .select({
          id: blockedEntities.id,
          entityType: blockedEntities.entityType,
          entityValue: blockedEntities.entityValue,
          reason: blockedEntities.reason,
          blockedUntil: blockedEntities.blockedUntil,
          createdAt: blockedEntities.createdAt,
        })
        .from(blockedEntities)
        .where(where)
        .$dynamic(),
      desc(blockedEntities.createdAt),
      desc(blockedEntities.id),
    ),
    ctx.db
      .select({
        id: suspiciousActivities.id,
        activityType: suspiciousActivities.activityType,
        severity: suspiciousActivities.severity,
        description: suspiciousActivities.description,
        ipAddress: suspiciousActivities.ipAddress,
        createdAt: suspiciousActivities.createdAt,
      })
      .from(suspiciousActivities)
      .orderBy(desc(suspiciousActivities.createdAt), desc(suspiciousActivities.id))
      .limit(FRAUD_FETCH_LIMIT),
    ctx.db
      .select({
        id: loginAttempts.id,
        email: loginAttempts.email,
        success: loginAttempts.success,
        failureReason: loginAttempts.failureReason,
        ipAddress: loginAttempts.ipAddress,
        createdAt: loginAttempts.createdAt,
      })
      .from(loginAttempts)
      .orderBy(desc(loginAttempts.createdAt), desc(loginAttempts.id))
      .limit(FRAUD_FETCH_LIMIT),
  ]);
  return {
    blocked: mapPage(blocked, (row) => ({
      ...row,
      active: row.blockedUntil === null || row.blockedUntil > now,
    })),
    suspicious,
    loginAttempts: attempts,
  };
}

/** A date typed as YYYY-MM-DD: blocked through the end of that day (UTC). */
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "2026-11-05" -> 2026-11-05T23:59:59.999Z; an ISO date-time as itself; anything else null. */
function parseBlockUntil(value: string): Date | null {
  const day = DAY.exec(value);
  if (day) {
    const [, y, m, d] = day.map(Number) as [number, number, number, number];
    const end = new Date(Date.UTC(y, m - 1, d, 23, 59, 59, 999));
    return end.getUTCFullYear() === y && end.getUTCMonth() === m - 1 && end.getUTCDate() === d
      ? end
      : null;
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value)) return null;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? null : time;
}

/**
 * The Fraud tab's block form (docs/product/administration.md: an email or IP, a reason, an optional block-until
 * date, empty meaning permanent). Emails are stored lowercased; IPs must be IPv4 or IPv6.
 */
export const blockEntitySchema = z
  .object({
    entityType: z.enum(BLOCKED_ENTITY_TYPES, { error: "Choose email or IP address" }),
    entityValue: z
      .string({ error: "Enter the email or IP address to block" })
      .trim()
      .min(1, "Enter the email or IP address to block")
      .max(254, "That value is too long"),
    reason: z
      .string({ error: "Reason is required" })
      .trim()
      .min(1, "Reason is required")
      .max(500, "Reason must be at most 500 characters"),
    blockedUntil: z
      .string({ error: "Block until must be a date (YYYY-MM-DD)" })
      .trim()
      .nullish()
      .transform((value, issue) => {
        if (!value) return null;
        const until = parseBlockUntil(value);
        if (!until) {
          issue.addIssue({ code: "custom", message: "Block until must be a date (YYYY-MM-DD)" });
          return z.NEVER;
        }
        return until;
      }),
  })
  .transform((input, issue) => {
    const valid =
      input.entityType === "email"
        ? z.email().safeParse(input.entityValue).success
        : isIP(input.entityValue) !== 0;
    if (!valid) {
      issue.addIssue({
        code: "custom",
        path: ["entityValue"],
        message:
          input.entityType === "email"
            ? "Please enter a valid email address"
            : "Please enter a valid IPv4 or IPv6 address",
      });
      return z.NEVER;
    }
    return { ...input, entityValue: input.entityValue.toLowerCase() };
  });

/** The Fraud tab's unblock form. */
export const unblockEntitySchema = z.object({ blockId: formId("Block") });

/**
 * Blocks an email or IP address (docs/product/administration.md: blocked_entities insert {entity_type,
 * entity_value, reason, blocked_until?}) in one transaction: refuses a second active block of
 * the same entity and a block-until in the past; blocking an email also ends every session of
 * the account with that email (docs/product/administration.md), so the user is signed out at once and the
 * fraud check refuses their next sign-in ('Access Denied'). Writes an audit row with the block
 * and the number of sessions ended.
 * @returns the new block's id and how many sessions ended.
 * Takes `blockEntitySchema`'s output (the seam parsed the form: docs/decisions/024-admin-forms-on-conform.md).
 * @throws DomainError `invalid_block` (400, 'Block until must be a date in the future': only the
 * clock knows), `own_email` (400), `already_blocked` (409), `forbidden` (403) for anyone but an
 * admin.
 */
export async function blockEntity(
  ctx: Ctx,
  block: z.output<typeof blockEntitySchema>,
): Promise<{ blockId: number; sessionsEnded: number }> {
  const actor = requireStaff(ctx, "manageFraud");
  const now = ctx.now();
  if (block.blockedUntil && block.blockedUntil <= now) {
    throw new DomainError("invalid_block", "Block until must be a date in the future", 400);
  }
  const result = await inTransaction(ctx, async (tx) => {
    if (block.entityType === "email") {
      const [own] = await tx.db
        .select({ id: profiles.id })
        .from(profiles)
        .where(
          and(eq(profiles.id, actor.userId), eq(sql`lower(${profiles.email})`, block.entityValue)),
        );
      if (own) throw new DomainError("own_email", "You cannot block your own email.", 400);
    }
    await lockSubject(tx.db, `${block.entityType}:${block.entityValue}`);
    const [existing] = await tx.db
      .select({ id: blockedEntities.id })
      .from(blockedEntities)
      .where(
        and(
          eq(blockedEntities.entityType, block.entityType),
          eq(sql`lower(${blockedEntities.entityValue})`, block.entityValue),
          or(isNull(blockedEntities.blockedUntil), gt(blockedEntities.blockedUntil, now)),
        ),
      )
      .limit(1);
    if (existing) {
      throw new DomainError(
        "already_blocked",
        block.entityType === "email"
          ? "That email is already blocked."
          : "That IP address is already blocked.",
        409,
      );
    }
    const [row] = await tx.db
      .insert(blockedEntities)
      .values({
        entityType: block.entityType,
        entityValue: block.entityValue,
        reason: block.reason,
        blockedUntil: block.blockedUntil,
        createdBy: actor.userId,
        createdAt: now,
      })
      .returning();
    let sessionsEnded = 0;
    if (block.entityType === "email") {
      const owners = tx.db
        .select({ id: profiles.id })
        .from(profiles)
        .where(eq(sql`lower(${profiles.email})`, block.entityValue));
      const ended = await tx.db
        .delete(session)
        .where(inArray(session.userId, owners))
        .returning({ id: session.id });
      sessionsEnded = ended.length;
    }
    await recordAudit(tx, {
      action: "block.create",
      targetType: "blocked_entity",
      targetId: row!.id,
      before: null,
      after: {
        entityType: row!.entityType,
        entityValue: row!.entityValue,
        reason: row!.reason,
        blockedUntil: row!.blockedUntil,
        sessionsEnded,
      },
    });
    return { blockId: row!.id, sessionsEnded };
  });
  ctx.log.info(
    { blockId: result.blockId, entityType: block.entityType, by: actor.userId },
    "entity blocked",
  );
  return result;
}

/**
 * Lifts a block (docs/product/administration.md: blocked_entities delete by id), with an audit row holding the
 * block as it was, in one transaction.
 * @throws DomainError `block_not_found` (404), `forbidden` (403) for anyone but an admin.
 */
export async function unblockEntity(
  ctx: Ctx,
  { blockId }: z.output<typeof unblockEntitySchema>,
): Promise<void> {
  const actor = requireStaff(ctx, "manageFraud");
  await inTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .delete(blockedEntities)
      .where(eq(blockedEntities.id, blockId))
      .returning();
    if (!row) throw new DomainError("block_not_found", "Block not found", 404);
    await recordAudit(tx, {
      action: "block.delete",
      targetType: "blocked_entity",
      targetId: row.id,
      before: {
        entityType: row.entityType,
        entityValue: row.entityValue,
        reason: row.reason,
        blockedUntil: row.blockedUntil,
      },
      after: null,
    });
  });
  ctx.log.info({ blockId, by: actor.userId }, "entity unblocked");
}
