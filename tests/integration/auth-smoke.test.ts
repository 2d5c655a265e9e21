import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { profiles, session } from "~/.server/db/schema";
import { browserHeaders, cookieFrom, latestMail } from "../helpers/auth";
import { databaseForFile, authForFile } from "../helpers/file-setup";

const db = databaseForFile();
const auth = authForFile(db);

describe("Better Auth on PackVault's schema", () => {
  it("signs up into profiles and mails a verification link; signing in opens a database session", async () => {
    const signedUp = await auth.api.signUpEmail({
      body: { name: "Ada Collector", email: "ada@example.com", password: "correct horse battery" },
      headers: browserHeaders(),
      returnHeaders: true,
    });
    expect(signedUp.headers.getSetCookie()).toEqual([]);
    expect(await db.db.$count(session)).toBe(0);
    const result = await auth.api.signInEmail({
      body: { email: "ada@example.com", password: "correct horse battery" },
      headers: browserHeaders(),
      returnHeaders: true,
    });
    const [profile] = await db.db
      .select()
      .from(profiles)
      .where(eq(profiles.email, "ada@example.com"));
    expect(profile?.fullName).toBe("Ada Collector");
    expect(profile?.emailVerified).toBe(false);
    const sessions = await db.db.select().from(session).where(eq(session.userId, profile!.id));
    expect(sessions).toHaveLength(1);

    const mail = await latestMail(db, "ada@example.com");
    expect(mail.subject).toBe("Verify your PackVault email");
    expect(mail.link).toMatch(/^http:\/\/localhost:3000\/api\/auth\/verify-email\?token=/);

    const current = await auth.api.getSession({
      headers: browserHeaders(cookieFrom(result.headers)),
    });
    expect(current?.user.email).toBe("ada@example.com");
  });

  it("refuses a wrong password", async () => {
    await expect(
      auth.api.signInEmail({
        body: { email: "ada@example.com", password: "wrong password!" },
        headers: browserHeaders(),
      }),
    ).rejects.toMatchObject({ status: "UNAUTHORIZED" });
  });
});
