import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { TAKEN_EMAIL_REASON, signUp } from "~/.server/auth/sign-up";
import { blockedEntities, profiles, session } from "~/.server/db/schema";
import { browserHeaders, cookieFrom, latestMail } from "../helpers/auth";
import { databaseForFile, authForFile } from "../helpers/file-setup";
import { STRONG_PASSWORD as PASSWORD, refusalOf, signInKit } from "../helpers/sign-in";

const db = databaseForFile();
const auth = authForFile(db);
const { deps, createCollector, attemptsOf } = signInKit(db, auth);
const ctx = () => db.ctx();
const ADULT = "1990-05-17";
const dateOfBirthOf = async (email: string) =>
  (await db.db.select().from(profiles).where(eq(profiles.email, email)))[0]?.dateOfBirth;
/** The refusal of a sign-up from `ip` with `form` (an adult's date of birth unless it says). */
const refusedSignUp = (
  ip: string,
  form: Omit<Parameters<typeof signUp>[2], "dateOfBirth"> & { dateOfBirth?: string },
) => refusalOf(signUp(ctx(), deps(ip), { dateOfBirth: ADULT, ...form }));

describe("sign-up", () => {
  it("creates the account, signed out; mails the verification link and logs the attempt", async () => {
    await createCollector("Casey@Example.com", "192.0.2.10");
    expect(await db.db.$count(session)).toBe(0);
    const { headers } = await auth.api.signInEmail({
      body: { email: "casey@example.com", password: PASSWORD },
      headers: browserHeaders(),
      returnHeaders: true,
    });
    const current = await auth.api.getSession({ headers: browserHeaders(cookieFrom(headers)) });
    expect(current?.user).toMatchObject({
      email: "casey@example.com",
      name: "Casey Collector",
      emailVerified: false,
    });
    expect((await latestMail(db, "casey@example.com")).subject).toBe("Verify your PackVault email");
    expect(await dateOfBirthOf("casey@example.com")).toBe("1990-05-17");
    const [logged] = await attemptsOf("casey@example.com");
    expect(logged).toMatchObject({
      action: "signup",
      success: true,
      failureReason: null,
      ipAddress: "192.0.2.10",
    });
  });

  it("refuses a weak password with the reasons, creates nothing and logs the failure", async () => {
    const refused = await refusedSignUp("192.0.2.11", {
      fullName: "Pat Weak",
      email: "pat@example.com",
      password: "password1",
    });
    expect(refused).toMatchObject({
      code: "weak_password",
      message: "Password is too weak",
      status: 400,
    });
    expect(refused.details.reasons).toContain("This is a commonly used password.");
    const [users] = await db.db
      .select({ n: count() })
      .from(profiles)
      .where(eq(profiles.email, "pat@example.com"));
    expect(users!.n).toBe(0);
    const [logged] = await attemptsOf("pat@example.com");
    expect(logged).toMatchObject({
      action: "signup",
      success: false,
      failureReason: "Password is too weak",
    });
  });

  it("treats the name and email as guessable", async () => {
    const refused = await refusedSignUp("192.0.2.12", {
      fullName: "Rosalind Franklin",
      email: "rosalind@example.com",
      password: "rosalindfranklin",
    });
    expect(refused.details.reasons?.length).toBeGreaterThan(0);
  });

  it("answers a taken email, whatever its case, like a new one: nothing changes, the owner is told", async () => {
    await createCollector("dup@example.com");
    const [before] = await db.db
      .select()
      .from(profiles)
      .where(eq(profiles.email, "dup@example.com"));
    await expect(
      signUp(ctx(), deps("192.0.2.13"), {
        fullName: "Dup Again",
        email: "DUP@example.com",
        dateOfBirth: "1970-01-01",
        password: "a different passphrase 77",
      }),
    ).resolves.toBeUndefined();
    const after = await db.db.select().from(profiles).where(eq(profiles.email, "dup@example.com"));
    expect(after).toEqual([before]);
    expect((await latestMail(db, "dup@example.com")).subject).toBe(
      "Someone tried to sign up with your email",
    );
    // The owner's password still works; the other one does not.
    await expect(
      auth.api.signInEmail({
        body: { email: "dup@example.com", password: "a different passphrase 77" },
        headers: browserHeaders(),
      }),
    ).rejects.toThrow();
    const [logged] = await attemptsOf("dup@example.com");
    expect(logged).toMatchObject({ success: false, failureReason: TAKEN_EMAIL_REASON });
  });

  it("is denied for a blocked email before anything is created", async () => {
    await db.db
      .insert(blockedEntities)
      .values({ entityType: "email", entityValue: "banned@example.com", reason: "" });
    const refused = await refusedSignUp("192.0.2.14", {
      fullName: "Ban Ned",
      email: "banned@example.com",
      password: PASSWORD,
    });
    expect(refused).toMatchObject({
      code: "access_denied",
      message: "Unable to proceed with signup",
      status: 403,
    });
    const [users] = await db.db
      .select({ n: count() })
      .from(profiles)
      .where(eq(profiles.email, "banned@example.com"));
    expect(users!.n).toBe(0);
    const [logged] = await attemptsOf("banned@example.com");
    expect(logged).toMatchObject({ action: "signup", success: false, failureReason: "blocked" });
  });

  it("refuses anyone under 18 on the day of sign-up, creates nothing and logs it", async () => {
    // The test clock is 2026-11-01: born 2008-11-02 is one day short of 18.
    const refused = await refusedSignUp("192.0.2.15", {
      fullName: "Young Collector",
      email: "young@example.com",
      dateOfBirth: "2008-11-02",
      password: PASSWORD,
    });
    expect(refused).toMatchObject({
      code: "underage",
      message: "You must be 18 or older to use PackVault",
      status: 403,
    });
    expect(refused.details.field).toBe("dateOfBirth");
    expect(await dateOfBirthOf("young@example.com")).toBeUndefined();
    const [logged] = await attemptsOf("young@example.com");
    expect(logged).toMatchObject({
      success: false,
      failureReason: "You must be 18 or older to use PackVault",
    });
  });

  it("accepts someone who turns 18 that day and keeps their date of birth", async () => {
    await signUp(ctx(), deps("192.0.2.16"), {
      fullName: "Just Eighteen",
      email: "eighteen@example.com",
      dateOfBirth: "2008-11-01",
      password: PASSWORD,
    });
    expect(await dateOfBirthOf("eighteen@example.com")).toBe("2008-11-01");
  });
});
