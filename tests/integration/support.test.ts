import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { listEvents } from "~/.server/catalog/events";
import { contactMessages, newsletterSubscriptions } from "~/.server/db/schema";
import { seedIfEmpty } from "~/.server/setup/seed";
import { DomainError } from "~/.server/errors";
import { sendContactMessage } from "~/.server/support/contact";
import { subscribeToNewsletter } from "~/.server/support/newsletter";
import { contactMessageSchema } from "~/lib/schemas/contact";
import { newsletterSubscriptionSchema } from "~/lib/schemas/newsletter";
import { databaseForFile } from "../helpers/file-setup";

const db = databaseForFile();

const validMessage = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  subject: "Grading question",
  message: "How long does grading take for a vintage card?",
};

/** The first message of each field the schema refuses. */
function fieldErrors(schema: z.ZodType, input: unknown): Record<string, string | undefined> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const { fieldErrors } = z.flattenError(result.error) as {
    fieldErrors: Record<string, string[] | undefined>;
  };
  return Object.fromEntries(Object.entries(fieldErrors).map(([k, v]) => [k, v?.[0]]));
}

async function subscriptionsFor(email: string) {
  return db.db
    .select({ email: newsletterSubscriptions.email })
    .from(newsletterSubscriptions)
    .where(sql`lower(${newsletterSubscriptions.email}) = lower(${email})`);
}

describe("the contact form schema", () => {
  it("names every missing field with its own message", () => {
    expect(fieldErrors(contactMessageSchema, {})).toEqual({
      name: "Please enter your name",
      email: "Please enter your email address",
      subject: "Please enter a subject",
      message: "Please enter your message",
    });
  });

  it("treats blank text as missing and refuses a bad email and a short message", () => {
    expect(
      fieldErrors(contactMessageSchema, {
        name: "   ",
        email: "not-an-email",
        subject: "\t",
        message: "too short",
      }),
    ).toEqual({
      name: "Please enter your name",
      email: "Please enter a valid email address",
      subject: "Please enter a subject",
      message: "Your message must be at least 10 characters",
    });
  });

  it("refuses text over the length limits", () => {
    expect(
      fieldErrors(contactMessageSchema, {
        name: "x".repeat(101),
        email: `${"a".repeat(250)}@example.com`,
        subject: "s".repeat(151),
        message: "m".repeat(5001),
      }),
    ).toEqual({
      name: "Name must be at most 100 characters",
      email: "Email must be at most 254 characters",
      subject: "Subject must be at most 150 characters",
      message: "Message must be at most 5000 characters",
    });
  });

  it("accepts a valid message and trims it", () => {
    expect(contactMessageSchema.parse({ ...validMessage, name: "  Ada  " }).name).toBe("Ada");
  });
});

describe("the newsletter schema", () => {
  it("asks for a valid email address", () => {
    expect(fieldErrors(newsletterSubscriptionSchema, {})).toEqual({
      email: "Please enter your email address",
    });
    expect(fieldErrors(newsletterSubscriptionSchema, { email: "foo@" })).toEqual({
      email: "Please enter a valid email address",
    });
    expect(newsletterSubscriptionSchema.parse({ email: " foo@x.com " })).toEqual({
      email: "foo@x.com",
    });
  });
});

describe("sendContactMessage", () => {
  it("stores the message with trimmed fields and returns who to reply to", async () => {
    const sent = await sendContactMessage(db.ctx(), {
      name: "  Grace Hopper ",
      email: " grace@example.com ",
      subject: "  Missing parcel ",
      message: "  My order has not arrived yet.  ",
    });
    expect(sent).toMatchObject({ name: "Grace Hopper", email: "grace@example.com" });
    const [row] = await db.db.select().from(contactMessages).where(eq(contactMessages.id, sent.id));
    expect(row).toMatchObject({
      name: "Grace Hopper",
      email: "grace@example.com",
      subject: "Missing parcel",
      message: "My order has not arrived yet.",
      createdAt: new Date("2026-11-01T12:00:00Z"),
    });
  });

  it("refuses bad input with the schema's message and stores nothing", async () => {
    const before = await db.db.$count(contactMessages);
    const attempt = sendContactMessage(db.ctx(), { ...validMessage, email: "nope" });
    await expect(attempt).rejects.toBeInstanceOf(DomainError);
    await expect(attempt).rejects.toMatchObject({
      code: "invalid_contact_message",
      status: 400,
      message: "Please enter a valid email address",
    });
    expect(await db.db.$count(contactMessages)).toBe(before);
  });
});

describe("subscribeToNewsletter", () => {
  it("subscribes an address once, whatever its case, and says so the second time", async () => {
    const first = await subscribeToNewsletter(db.ctx(), { email: "Foo@X.com" });
    const second = await subscribeToNewsletter(db.ctx(), { email: "foo@x.com" });
    expect(first).toEqual({ status: "subscribed", email: "Foo@X.com" });
    expect(second).toEqual({ status: "already-subscribed", email: "foo@x.com" });
    expect(await subscriptionsFor("foo@x.com")).toEqual([{ email: "Foo@X.com" }]);
  });

  it("stores one row when the same address subscribes several times at once", async () => {
    const email = "race@example.com";
    const results = await Promise.all(
      ["race@example.com", "RACE@example.com", "Race@Example.com", email, email].map((e) =>
        subscribeToNewsletter(db.ctx(), { email: e }),
      ),
    );
    expect(results.filter((r) => r.status === "subscribed")).toHaveLength(1);
    expect(results.filter((r) => r.status === "already-subscribed")).toHaveLength(4);
    expect(await subscriptionsFor(email)).toHaveLength(1);
  });

  it("refuses an invalid address and stores nothing", async () => {
    const before = await db.db.$count(newsletterSubscriptions);
    await expect(subscribeToNewsletter(db.ctx(), { email: "x@" })).rejects.toMatchObject({
      code: "invalid_email",
      status: 400,
    });
    expect(await db.db.$count(newsletterSubscriptions)).toBe(before);
  });
});

describe("listEvents", () => {
  it("lists the three seeded events, dated from the first start, soonest first, at the store", async () => {
    // 2026-11-01 12:00 UTC: 07:00 EST at the store; the first event ended 9 days earlier.
    await seedIfEmpty(db.db, new Date("2026-11-01T12:00:00Z"));
    const events = await listEvents(db.ctx());
    expect(events.map((e) => [e.title, e.startsAt.toISOString(), e.endsAt.toISOString()])).toEqual([
      ["Monthly Card Show", "2026-10-23T14:00:00.000Z", "2026-10-23T22:00:00.000Z"],
      ["Pokemon Tournament", "2026-11-06T19:00:00.000Z", "2026-11-07T01:00:00.000Z"],
      ["Holiday Collectibles Fair", "2026-11-24T17:00:00.000Z", "2026-11-25T00:00:00.000Z"],
    ]);
    for (const event of events) {
      expect(event.location).toContain("PackVault Store");
      expect(event.description.length).toBeGreaterThan(0);
    }
  });
});
