import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { addFunds, newCollector, openPackAndKeep } from "./helpers/collector";
import { gotoHydrated, signInAsAdmin } from "./helpers/session";
import { expect, test } from "./helpers/test";

// Sign-up, a top-up, a pack opening, a snapshot and two runs of the offline verifier.
test.describe.configure({ timeout: 180_000 });

/** `npm run verify:reserves -- file`'s exit status (0 included, 1 not, 2 unreadable). */
async function verifyOffline(file: string): Promise<number> {
  try {
    await promisify(execFile)("npx", ["tsx", "scripts/verify-reserves.ts", file]);
    return 0;
  } catch (error) {
    return (error as { code?: number }).code ?? -1;
  }
}

test("a collector proves a pulled slab is in the vault, in the browser and offline", async ({
  page,
  browser,
}) => {
  const collector = await newCollector(browser, "reserves", "Riley Reserve");
  const me = collector.page;
  await addFunds(me, 25);
  const pulled = await openPackAndKeep(me);

  // The slab became theirs after the snapshot the server took when it started: not in it yet.
  const tile = me.getByRole("article", { name: pulled.name });
  const prove = tile.getByRole("button", { name: "Prove it’s in the vault" });
  const cardId = (await prove.getAttribute("aria-describedby"))!.match(/\d+/)![0];
  const proofUrl = `/vault/cards/${cardId}/reserve-proof.json`;
  expect([409]).toContain((await me.request.get(proofUrl)).status());

  // Staff ask for a snapshot; the job builds it.
  await signInAsAdmin(page);
  await gotoHydrated(page, "/admin/reserves");
  await page.getByRole("button", { name: "Build a snapshot now" }).click();
  await expect(page.getByText("Snapshot queued")).toBeVisible();
  await expect.poll(async () => (await me.request.get(proofUrl)).status()).toBe(200);

  // Anyone else asking for that card's proof is refused without learning whether it exists.
  const refused = await page.request.get(proofUrl);
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({ error: "You can only prove slabs in your own vault." });
  expect((await page.request.get("/vault/cards/999999/reserve-proof.json")).status()).toBe(403);

  // The collector checks it in the browser and downloads it.
  await prove.click();
  const dialog = me.getByRole("dialog", { name: "Prove it’s in the vault" });
  await expect(dialog.getByRole("status")).toHaveText(
    /^Verified: this slab is counted in reserve snapshot #\d+\.$/,
  );
  await expect(dialog.getByText(pulled.cert, { exact: false })).toBeVisible();
  const downloading = me.waitForEvent("download");
  await dialog.getByRole("button", { name: "Download proof (JSON)" }).click();
  const dir = mkdtempSync(join(tmpdir(), "reserve-proof-"));
  const file = join(dir, "proof.json");
  await (await downloading).saveAs(file);
  const text = readFileSync(file, "utf8");
  const proof = JSON.parse(text) as {
    snapshot: { root: string; id: number };
    leaf: { salt: string };
  };

  // /reserves publishes the same root.
  await gotoHydrated(me, "/reserves");
  await expect(me.getByTestId("latest-root")).toHaveText(proof.snapshot.root);

  // Offline: accepted as downloaded, rejected with one byte of the salt changed.
  expect(await verifyOffline(file)).toBe(0);
  const salt = proof.leaf.salt;
  const changed = salt.slice(0, -1) + (salt.endsWith("0") ? "1" : "0");
  const tampered = join(dir, "tampered.json");
  writeFileSync(tampered, text.replace(salt, changed));
  expect(await verifyOffline(tampered)).toBe(1);
  writeFileSync(join(dir, "broken.json"), text.slice(0, -2));
  expect(await verifyOffline(join(dir, "broken.json"))).toBe(2);

  expect(collector.problems).toEqual([]);
  await collector.close();
});
