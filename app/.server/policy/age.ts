import { and, eq, isNull } from "drizzle-orm";
import { ownerId } from "./account-ctx";
import type { Ctx } from "../context";
import { profiles } from "../db/schema";
import { DomainError } from "../errors";
import { MINIMUM_AGE_YEARS, UNDERAGE_MESSAGE, ageInYears } from "~/lib/play";

/**
 * Refuses a date of birth (`YYYY-MM-DD`) less than 18 years before `now`, or after it
 * (docs/decisions/010-responsible-play.md).
 * @throws DomainError `underage` (403, 'You must be 18 or older to use PackVault').
 */
export function assertAdult(dateOfBirth: string, now: Date): void {
  if (ageInYears(dateOfBirth, now) < MINIMUM_AGE_YEARS) {
    throw new DomainError("underage", UNDERAGE_MESSAGE, 403);
  }
}

/**
 * An existing user (made before sign-up asked for it) confirms their date of birth, which the
 * play guard needs before their next top-up or opening. Set once: a date already on the
 * profile is kept (the conditional update names `date_of_birth IS NULL`). The date comes
 * parsed by confirmDateOfBirthSchema (a real `YYYY-MM-DD` day from 1900 on).
 * @throws DomainError `underage` (403, nothing stored);
 * `date_of_birth_confirmed` (409) when one is already on the profile; `not_signed_in` (401).
 */
export async function confirmDateOfBirth(ctx: Ctx, input: { dateOfBirth: string }): Promise<void> {
  const userId = ownerId(ctx);
  const { dateOfBirth } = input;
  assertAdult(dateOfBirth, ctx.now());
  const [confirmed] = await ctx.db
    .update(profiles)
    .set({ dateOfBirth })
    .where(and(eq(profiles.id, userId), isNull(profiles.dateOfBirth)))
    .returning({ id: profiles.id });
  if (!confirmed) {
    throw new DomainError(
      "date_of_birth_confirmed",
      "Your date of birth is already confirmed",
      409,
    );
  }
}
