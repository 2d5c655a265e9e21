// "Don't ask for packs under $X" (docs/decisions/044-confirm-before-money-moves.md): stored per
// collector on the play account, read by every page with the pause, null (ask before every
// pack) until chosen; the form refuses amounts outside $1 to $1,000.
import { describe, expect, it } from "vitest";
import { setPackConfirmation } from "~/.server/play/pack-confirmation";
import { startPause } from "~/.server/play/pause";
import { playPromptsOf, playStatus } from "~/.server/play/status";
import { packConfirmationSchema } from "~/lib/schemas/play";
import { as, makeCollector, sessionUserOf, type Collector } from "../helpers/commerce";
import { databaseForFile } from "../helpers/file-setup";
import { parsed, refusalOf } from "../helpers/forms";

const db = databaseForFile();

/** The prompts every page shows: from the play account the request's session lookup reads. */
async function promptsOf(collector: Collector) {
  const user = await sessionUserOf(db, collector);
  return playPromptsOf(user.playAccount, new Date());
}

describe("pack confirmation preference", () => {
  it("asks before every pack until the collector chooses an amount, and again once cleared", async () => {
    const collector = await makeCollector(db);
    const ctx = as(db, collector);
    expect(await promptsOf(collector)).toEqual({ pause: null, packConfirmUnderCents: null });

    await setPackConfirmation(ctx, { underCents: 2_500 });
    expect((await promptsOf(collector)).packConfirmUnderCents).toBe(2_500);
    expect((await playStatus(ctx)).packConfirmUnderCents).toBe(2_500);

    await setPackConfirmation(ctx, { underCents: null });
    expect((await promptsOf(collector)).packConfirmUnderCents).toBeNull();
  });

  it("is the collector's own: another collector still gets asked", async () => {
    const [ada, bob] = [await makeCollector(db), await makeCollector(db)];
    await setPackConfirmation(as(db, ada), { underCents: 10_000 });
    expect((await promptsOf(bob)).packConfirmUnderCents).toBeNull();
  });

  it("keeps a break in force beside it: the pages read both from one row", async () => {
    const collector = await makeCollector(db);
    const ctx = as(db, collector);
    await startPause(ctx, { length: "24h" });
    await setPackConfirmation(ctx, { underCents: 500 });
    const prompts = await promptsOf(collector);
    expect(prompts.pause?.kind).toBe("break");
    expect(prompts.packConfirmUnderCents).toBe(500);
  });

  it("gives a visitor no pause and always asks", async () => {
    expect(playPromptsOf(null, new Date())).toEqual({ pause: null, packConfirmUnderCents: null });
  });

  it("refuses amounts outside $1 to $1,000 at the seam's schema; blank means always ask", () => {
    const form = (under?: string) => ({ intent: "set-pack-confirmation", under });
    expect(parsed(packConfirmationSchema, form()).under).toBeUndefined();
    expect(parsed(packConfirmationSchema, form("25")).under).toBe(2_500);
    expect(refusalOf(packConfirmationSchema, form("0.50"))).toBe("Enter at least $1.00");
    expect(refusalOf(packConfirmationSchema, form("1000.01"))).toBe("Enter at most $1,000.00");
    expect(refusalOf(packConfirmationSchema, form("1e3"))).toBe(
      "Enter the amount in plain digits, like 1000 or 25.50",
    );
  });

  it("the database refuses a zero or negative amount", async () => {
    const collector = await makeCollector(db);
    await expect(setPackConfirmation(as(db, collector), { underCents: 0 })).rejects.toThrow();
  });
});
