import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { updateProfile } from "~/.server/account/profile";
import { lookupSessionUser } from "~/.server/auth/session-user";
import { readDataVersion } from "~/.server/db/data-version";
import { profiles } from "~/.server/db/schema";
import { browserHeaders, cookieFrom, signUpAndSignIn } from "../helpers/auth";
import { authForFile, databaseForFile } from "../helpers/file-setup";

const db = databaseForFile();
const auth = authForFile(db);

const signIn = async (email: string) => {
  const person = await signUpAndSignIn(auth, {
    name: "Ada Collector",
    email,
    password: "correct horse battery",
  });
  return { id: person.id, cookie: cookieFrom(person.headers) };
};

describe("the database's data version", () => {
  it("stays while only reads run, and moves with every committed or rolled-back write", async () => {
    const ada = await signIn("ada-version@example.com");
    const before = await readDataVersion(db.db);
    await db.db.select().from(profiles).where(eq(profiles.id, ada.id));
    await db.db.transaction(async (tx) => {
      await tx.select().from(profiles).where(eq(profiles.id, ada.id));
    });
    expect(await readDataVersion(db.db)).toBe(before);

    const as = db.ctx({ actor: { userId: ada.id, role: "user" }, now: new Date() });
    await updateProfile(as, { fullName: "Ada Renamed" });
    const afterWrite = await readDataVersion(db.db);
    expect(afterWrite).not.toBe(before);

    await expect(
      db.db.transaction(async (tx) => {
        await tx.update(profiles).set({ fullName: "Never" }).where(eq(profiles.id, ada.id));
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await readDataVersion(db.db)).not.toBe(afterWrite);
  });

  it("is read by the session lookup in its own statement, before the page's loaders", async () => {
    const bo = await signIn("bo-version@example.com");
    const found = await lookupSessionUser(auth, db.db, browserHeaders(bo.cookie));
    expect(found.user?.id).toBe(bo.id);
    expect(found.dataVersion).toBe(await readDataVersion(db.db));
    const visitor = await lookupSessionUser(auth, db.db, browserHeaders(""));
    expect(visitor.dataVersion).toBeNull();
  });
});
