import { request as httpRequest } from "node:http";
import { parseWithZod } from "@conform-to/zod/v4";
import fc from "fast-check";
import { sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { Auth } from "~/.server/policy/auth";
import { MONEY_MOVING_INTENTS } from "~/.server/auth/money-moving";
import { MAX_BODY_BYTES } from "~/.server/http/request-limits";
import * as account from "~/routes/account";
import * as admin from "~/routes/admin";
import * as adminInventoryComps from "~/routes/admin.inventory.comps";
import * as adminInventoryImport from "~/routes/admin.inventory.import";
import * as adminReserves from "~/routes/admin.reserves";
import * as auction from "~/routes/auctions.$id";
import * as auctionBids from "~/routes/auctions.bids";
import * as auctionCards from "~/routes/auctions.cards.$cardId";
import * as auctionsNew from "~/routes/auctions.new";
import * as auth from "~/routes/auth";
import * as forgotPassword from "~/routes/auth.forgot-password";
import * as resetPassword from "~/routes/auth.reset-password";
import * as resend from "~/routes/auth.verify-email.resend";
import * as card from "~/routes/cards.$id";
import * as cart from "~/routes/cart";
import * as contact from "~/routes/contact";
import * as events from "~/routes/events";
import * as fairness from "~/routes/fairness";
import * as logout from "~/routes/logout";
import * as notifications from "~/routes/notifications";
import * as listing from "~/routes/marketplace.$id";
import * as offers from "~/routes/marketplace.offers";
import * as marketplace from "~/routes/marketplace";
import * as packOpen from "~/routes/pack.open";
import * as sell from "~/routes/sell";
import * as vault from "~/routes/vault";
import * as wallet from "~/routes/wallet";
import * as unsubscribe from "~/routes/unsubscribe";
import * as oneClickUnsubscribe from "~/routes/unsubscribe.one-click";
import * as wishlist from "~/routes/wishlist";
import { answerOfferIntentSchema, submitIntentSchema } from "~/routes/+sell/intents";
import {
  buyNowSchema,
  listingIntentSchema,
  offersIntentSchema,
} from "~/routes/+marketplace/intents";
import * as accountSchemas from "~/lib/schemas/account";
import * as auctionSchemas from "~/lib/schemas/auctions";
import { signInCodeSchema, signInSchema, signUpSchema } from "~/lib/schemas/auth";
import * as cartSchemas from "~/lib/schemas/cart";
import { contactMessageSchema } from "~/lib/schemas/contact";
import { eventRegistrationSchema } from "~/lib/schemas/events";
import { fairnessActionSchema } from "~/lib/schemas/fairness";
import { createListingSchema, makeOfferSchema, tradeOfferSchema } from "~/lib/schemas/market";
import { newsletterSubscriptionSchema } from "~/lib/schemas/newsletter";
import {
  markReadSchema,
  oneClickUnsubscribeSchema,
  unsubscribeSchema,
} from "~/lib/schemas/notifications";
import { openPackSchema } from "~/lib/schemas/pack-opening";
import { forgotPasswordSchema, resetPasswordSchema } from "~/lib/schemas/password";
import { acceptBuybackSchema, redeemFormSchema } from "~/lib/schemas/vault";
import * as playSchemas from "~/lib/schemas/play";
import { topUpSchema, withdrawSchema } from "~/lib/schemas/wallet";
import { wishlistToggleSchema } from "~/lib/schemas/wishlist";
import { startActionServer, type ActionRoute } from "../helpers/action-server";
import { TEST_ORIGIN, createTestAuth } from "../helpers/auth";
import { makeCollector, routeContext, type Collector } from "../helpers/commerce";
import { createTestDatabase, type TestDatabase } from "../helpers/db";

// Every route action and intent, fed generated bad input through the real HTTP edge: never a
// 5xx, and never a change in any table (docs/decisions/012). Runs are bounded (a fixed seed
// and a few dozen inputs per intent) so the file takes well under a minute on PostgreSQL.

type Who = "visitor" | "user" | "admin";
/** One form: where it posts, its `intent` (null: the route's only form), who sends it. */
type Form = {
  path: string;
  intent: string | null;
  who: Who;
  schema: z.ZodType | null;
  /** Posted by mail clients, authorised by a signed link: the origin check lets it through. */
  originExempt?: boolean;
};

/**
 * A route with its action and, when it is a page (a default export), its loader: React Router
 * runs a page's loaders after its action, a resource route's action alone.
 */
const page = (path: string, module: { action: unknown; loader?: unknown; default?: unknown }) =>
  ({
    path,
    action: module.action,
    loader: module.default ? module.loader : undefined,
  }) as ActionRoute;

const ROUTES: ActionRoute[] = [
  page("/account", account),
  page("/admin/inventory/comps", adminInventoryComps),
  page("/admin/inventory/import", adminInventoryImport),
  page("/admin/reserves", adminReserves),
  page("/admin", admin),
  page("/auctions/new", auctionsNew),
  page("/auctions/bids", auctionBids),
  page("/auctions/cards/:cardId", auctionCards),
  page("/auctions/:id", auction),
  page("/auth", auth),
  page("/auth/forgot-password", forgotPassword),
  page("/auth/reset-password", resetPassword),
  page("/auth/verify-email/resend", resend),
  page("/cards/:id", card),
  page("/cart", cart),
  page("/contact", contact),
  page("/events", events),
  page("/fairness", fairness),
  page("/logout", logout),
  page("/marketplace/offers", offers),
  page("/marketplace/:id", listing),
  page("/marketplace", marketplace),
  page("/notifications", notifications),
  page("/pack/:id/open", packOpen),
  page("/sell", sell),
  page("/unsubscribe/one-click", oneClickUnsubscribe),
  page("/unsubscribe", unsubscribe),
  page("/vault", vault),
  page("/wallet", wallet),
  page("/wishlist", wishlist),
];

const user = (path: string, intent: string | null, schema: z.ZodType | null): Form => ({
  path,
  intent,
  who: "user",
  schema,
});
const visitor = (path: string, intent: string | null, schema: z.ZodType | null): Form => ({
  path,
  intent,
  who: "visitor",
  schema,
});
const o = offersIntentSchema.options;
const FORMS: Form[] = [
  ...Object.entries({
    "update-profile": accountSchemas.updateProfileSchema,
    "update-address": accountSchemas.updateAddressSchema,
    "update-preferences": accountSchemas.updatePreferencesSchema,
    "update-leaderboard-privacy": accountSchemas.updateLeaderboardPrivacySchema,
    "change-password": accountSchemas.changePasswordSchema,
    "enable-two-factor": accountSchemas.enableTwoFactorSchema,
    "confirm-two-factor": accountSchemas.confirmTwoFactorSchema,
    "disable-two-factor": accountSchemas.disableTwoFactorSchema,
    "revoke-session": accountSchemas.revokeSessionSchema,
    "sign-out-sessions": accountSchemas.signOutSessionsSchema,
    "delete-account": accountSchemas.deleteAccountSchema,
    "set-deposit-limits": playSchemas.depositLimitsSchema,
    "set-spending-limits": playSchemas.spendingLimitsSchema,
    "start-pause": playSchemas.startPauseSchema,
    "confirm-date-of-birth": playSchemas.confirmDateOfBirthSchema,
    "continue-play": playSchemas.continuePlaySchema,
  }).map(([intent, schema]) => user("/account", intent, schema)),
  // The admin functions check their fields themselves: only the request-level cases here.
  ...[
    "update-user",
    "delete-user",
    "block-entity",
    "delete-listing",
    "update-pack",
    "update-order",
    "decide-payout",
    "pin-slab-fmv",
    "unpin-slab-fmv",
  ].map((intent): Form => ({ path: "/admin", intent, who: "admin", schema: null })),
  ...[
    ["/admin/inventory/import", "import-slabs"],
    ["/admin/inventory/comps", "import-comps"],
    ["/admin/reserves", "request-snapshot"],
    ["/admin/reserves", "cycle-count"],
    ["/cards/1", "exclude-comp"],
  ].map(([path, intent]): Form => ({ path: path!, intent: intent!, who: "admin", schema: null })),
  user("/auctions/new", "start-auction", auctionSchemas.startAuctionSchema),
  user("/auctions/1", "place-bid", auctionSchemas.placeBidSchema),
  user("/auctions/cards/1", "place-standing-bid", auctionSchemas.standingBidSchema),
  user("/auctions/cards/1", "fill-standing-bid", auctionSchemas.fillStandingBidSchema),
  user("/auctions/bids", "cancel-standing-bid", auctionSchemas.cancelStandingBidSchema),
  visitor("/auth", "sign-in", signInSchema),
  visitor("/auth", "sign-up", signUpSchema),
  visitor("/auth", "verify-totp", signInCodeSchema),
  visitor("/auth/forgot-password", null, forgotPasswordSchema),
  visitor("/auth/reset-password", null, resetPasswordSchema),
  user("/auth/verify-email/resend", null, null),
  user("/cart", "add", cartSchemas.addToCartSchema),
  user("/cart", "increment", cartSchemas.cartQuantityFormSchema),
  user("/cart", "decrement", cartSchemas.cartQuantityFormSchema),
  user("/cart", "remove", cartSchemas.removeLineSchema),
  user("/cart", "checkout", cartSchemas.checkoutSchema),
  visitor("/contact", null, contactMessageSchema),
  visitor("/events", "subscribe", newsletterSubscriptionSchema),
  user("/events", "register", eventRegistrationSchema),
  user("/events", "cancel-registration", eventRegistrationSchema),
  user("/fairness", "client-seed", fairnessActionSchema.options[0]),
  user("/fairness", "rotate", null),
  visitor("/logout", null, null),
  user("/marketplace", "create-listing", createListingSchema),
  user("/marketplace", "make-offer", makeOfferSchema),
  user("/marketplace", "trade-offer", tradeOfferSchema),
  user("/marketplace", "buy-now", buyNowSchema),
  user("/marketplace/1", "update-price", listingIntentSchema.options[0]),
  user("/marketplace/1", "cancel-listing", listingIntentSchema.options[1]),
  ...[
    "accept-offer",
    "decline-offer",
    "withdraw-offer",
    "accept-trade",
    "decline-trade",
    "withdraw-trade",
    "mark-shipped",
    "confirm-receipt",
  ].map((intent, i) => user("/marketplace/offers", intent, o[i]!)),
  user("/notifications", "mark-read", markReadSchema),
  user("/notifications", "mark-all-read", null),
  user("/pack/1/open", null, openPackSchema),
  visitor("/unsubscribe", "unsubscribe", unsubscribeSchema),
  { ...visitor("/unsubscribe/one-click", null, oneClickUnsubscribeSchema), originExempt: true },
  user("/sell", "submit", submitIntentSchema),
  user("/sell", "answer-offer", answerOfferIntentSchema),
  user("/vault", "accept-buyback", acceptBuybackSchema),
  user("/vault", "redeem", redeemFormSchema),
  user("/wallet", "add-funds", topUpSchema(new Date())),
  user("/wallet", "withdraw", withdrawSchema),
  user("/wishlist", "toggle-wishlist", wishlistToggleSchema),
];

let db: TestDatabase;
let authApi: Auth;
let verified: Collector;
let unverified: Collector;
let staff: Collector;
let acting: { collector: Collector | null; role: "user" | "admin" } = {
  collector: null,
  role: "user",
};
let server: Awaited<ReturnType<typeof startActionServer>>;
/** The same routes as pages posted without JavaScript: the action, then the page's loaders. */
let pages: Awaited<ReturnType<typeof startActionServer>>;

beforeAll(async () => {
  db = await createTestDatabase();
  authApi = createTestAuth(db);
  verified = await makeCollector(db);
  unverified = await makeCollector(db, { verified: false });
  staff = await makeCollector(db);
  const context = () => {
    const context = routeContext(db, authApi, acting.collector) as AppLoadContext & {
      user: { role: string } | null;
    };
    if (context.user) context.user.role = acting.role;
    return context;
  };
  server = await startActionServer(ROUTES, context);
  pages = await startActionServer(ROUTES, context, { pages: true });
});
afterAll(async () => {
  await server?.close();
  await pages?.close();
  await db.destroy();
});

function actAs(who: Who | "unverified") {
  acting =
    who === "visitor"
      ? { collector: null, role: "user" }
      : who === "admin"
        ? { collector: staff, role: "admin" }
        : { collector: who === "unverified" ? unverified : verified, role: "user" };
}

/** A fingerprint of every table: a change anywhere shows. */
async function snapshot(): Promise<Record<string, string>> {
  const { rows } = (await db.db.execute(
    sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  )) as unknown as { rows: { table_name: string }[] };
  const print: Record<string, string> = {};
  for (const { table_name: name } of rows) {
    const result = (await db.db.execute(
      sql.raw(
        `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM "${name}" t`,
      ),
    )) as unknown as { rows: { h: string }[] };
    print[name] = result.rows[0]!.h;
  }
  return print;
}

type Sent = { status: number; body: string; location?: string };

/** One raw request (fetch would refuse or fix some of these), to `to` (the actions server). */
function send(
  path: string,
  { body, headers }: { body: Buffer; headers: Record<string, string> },
  to = server,
): Promise<Sent> {
  const url = new URL(to.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, method: "POST", path, headers },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode!, body: text, location: res.headers.location }),
        );
      },
    );
    req.on("error", (error: NodeJS.ErrnoException) =>
      error.code === "EPIPE" || error.code === "ECONNRESET"
        ? resolve({ status: 413, body: "closed while sending" })
        : reject(error),
    );
    req.end(body);
  });
}

const FORM_TYPE = "application/x-www-form-urlencoded";
const browser = (type = FORM_TYPE) => ({ origin: TEST_ORIGIN, "content-type": type });

function encode(fields: [string, string][]): Buffer {
  return Buffer.from(new URLSearchParams(fields).toString());
}

/** Values that break forms: signs, zero, NaN, overflow, huge and odd strings, wrong types. */
const nasty = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "-1",
    "0",
    "NaN",
    "1e309",
    "-0",
    "Infinity",
    "99999999999999999999",
    "0x10",
    "1.005",
    "true",
    "null",
    "undefined",
    "[object Object]",
    '{"a":1}',
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "\u0000",
    "\ud800",
    "😀".repeat(200),
    "x".repeat(20_000),
  ),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.integer().map(String),
  fc.double().map(String),
);

/**
 * Fields for `form`: each of its schema's fields missing, present once or twice, with nasty
 * values, plus extra fields; the `intent` as the form sends it. Only inputs the schema refuses
 * are kept: a valid form may rightly change something.
 */
function badFields(form: Form) {
  const names = form.schema ? fieldNames(form.schema) : [];
  return fc
    .tuple(
      fc.array(fc.tuple(fc.constantFrom(...names, "extra", "redirectTo"), nasty), {
        maxLength: 8,
      }),
      fc.array(fc.tuple(fc.string({ maxLength: 10 }), nasty), { maxLength: 2 }),
    )
    .map(([known, extra]) => {
      const fields: [string, string][] = [...known, ...extra];
      if (form.intent) fields.unshift(["intent", form.intent]);
      return fields;
    })
    .filter((fields) => {
      const data = new FormData();
      for (const [name, value] of fields) data.append(name, value);
      return parseWithZod(data, { schema: form.schema! }).status !== "success";
    });
}

function fieldNames(schema: z.ZodType): string[] {
  const def = (schema as unknown as { def: { type: string; in?: z.ZodType; shape?: object } }).def;
  if (def.type === "pipe" && def.in) return fieldNames(def.in);
  if (def.type === "object" && def.shape) return Object.keys(def.shape);
  return [];
}

/** The request-level breakages every form must survive, with the status each must get. */
function requestBreakages(
  form: Form,
): { label: string; body: Buffer; headers: Record<string, string>; status: number[] }[] {
  const fields: [string, string][] = form.intent ? [["intent", form.intent]] : [];
  const body = encode(fields);
  const boundary = "----packvault";
  return [
    { label: "JSON", body: Buffer.from("{}"), headers: browser("application/json"), status: [415] },
    { label: "text/plain", body, headers: browser("text/plain"), status: [415] },
    { label: "no content type", body, headers: { origin: TEST_ORIGIN }, status: [415] },
    {
      label: "broken multipart",
      body: Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\n`),
      headers: browser(`multipart/form-data; boundary=${boundary}`),
      status: [400],
    },
    {
      label: "a file in multipart",
      body: Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="f"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhi\r\n--${boundary}--\r\n`,
      ),
      headers: browser(`multipart/form-data; boundary=${boundary}`),
      status: [400],
    },
    {
      label: "not UTF-8",
      body: Buffer.from([0x61, 0x3d, 0xff, 0xfe]),
      headers: browser(),
      status: [400],
    },
    {
      label: "over 1 MB",
      body: Buffer.concat([body, Buffer.from(`&x=${"a".repeat(MAX_BODY_BYTES)}`)]),
      headers: browser(),
      status: [413],
    },
    // An exempt form without its signed link is refused by the route instead.
    {
      label: "no Origin",
      body,
      headers: { "content-type": FORM_TYPE },
      status: [form.originExempt ? 400 : 403],
    },
    {
      label: "another site",
      body,
      headers: { ...browser(), origin: "https://evil.example" },
      status: [form.originExempt ? 400 : 403],
    },
  ];
}

const label = (form: Form) => `${form.path} ${form.intent ?? "(form)"}`;
let requests = 0;
let serverErrors = 0;

describe("malformed input on every route action", () => {
  it.each(FORMS.map((form) => [label(form), form] as const))(
    "%s: request-level breakages get their 4xx and change nothing",
    async (_name, form) => {
      actAs(form.who);
      const before = await snapshot();
      for (const breakage of requestBreakages(form)) {
        const answer = await send(form.path, {
          body: breakage.body,
          headers: { ...breakage.headers, "content-length": String(breakage.body.length) },
        });
        requests += 1;
        if (answer.status >= 500) serverErrors += 1;
        expect(
          answer.status,
          `${label(form)} ${breakage.label}: ${answer.body.slice(0, 200)}`,
        ).toBeOneOf(breakage.status);
      }
      expect(await snapshot()).toEqual(before);
    },
  );

  it.each(
    FORMS.filter((form) => form.schema && fieldNames(form.schema).length > 0).map(
      (form) => [label(form), form] as const,
    ),
  )("%s: generated bad fields get a 4xx and change nothing", async (_name, form) => {
    actAs(form.who);
    const before = await snapshot();
    await fc.assert(
      fc.asyncProperty(badFields(form), async (fields) => {
        const body = encode(fields);
        const answer = await send(form.path, {
          body,
          headers: { ...browser(), "content-length": String(body.length) },
        });
        requests += 1;
        if (answer.status >= 500) serverErrors += 1;
        expect(answer.status, answer.body.slice(0, 300)).toBeGreaterThanOrEqual(300);
        expect(answer.status).toBeLessThan(500);
        // A redirect is the sign-in page or a refusal going back with its toast, never a success.
        if (answer.status < 400) expect(answer.status).toBe(302);
      }),
      { numRuns: 12, seed: 20261123, endOnFailure: true },
    );
    expect(await snapshot()).toEqual(before);
  });

  // A visitor posting to a page that sends visitors to sign-in: the body is judged first, and
  // its refusal is not replaced by the page loader's redirect (React Router runs the loaders
  // after an action that answered without throwing).
  it.each(FORMS.map((form) => [label(form), form] as const))(
    "%s: a visitor's request-level breakages get their 4xx, not the sign-in redirect",
    async (_name, form) => {
      actAs("visitor");
      const before = await snapshot();
      for (const breakage of requestBreakages(form)) {
        const answer = await send(
          form.path,
          {
            body: breakage.body,
            headers: { ...breakage.headers, "content-length": String(breakage.body.length) },
          },
          pages,
        );
        requests += 1;
        if (answer.status >= 500) serverErrors += 1;
        expect(
          answer.status,
          `visitor ${label(form)} ${breakage.label}: ${answer.body.slice(0, 200)}`,
        ).toBeOneOf(breakage.status);
      }
      expect(await snapshot()).toEqual(before);
    },
  );

  it.each(
    FORMS.filter(
      (form) => form.who !== "visitor" && form.schema && fieldNames(form.schema).length > 0,
    ).map((form) => [label(form), form] as const),
  )(
    "%s: a visitor's generated bad fields get the sign-in redirect or a 4xx",
    async (_name, form) => {
      actAs("visitor");
      const before = await snapshot();
      await fc.assert(
        fc.asyncProperty(badFields(form), async (fields) => {
          const body = encode(fields);
          const answer = await send(
            form.path,
            { body, headers: { ...browser(), "content-length": String(body.length) } },
            pages,
          );
          requests += 1;
          if (answer.status >= 500) serverErrors += 1;
          expect(answer.status, answer.body.slice(0, 300)).toBeGreaterThanOrEqual(300);
          expect(answer.status).toBeLessThan(500);
          if (answer.status < 400) {
            expect(answer.status).toBe(302);
            expect(answer.location).toMatch(/^\/auth\?/);
          }
        }),
        { numRuns: 4, seed: 20261125, endOnFailure: true },
      );
      expect(await snapshot()).toEqual(before);
    },
  );

  it("sends an unknown intent or none a 400 on every route with intents", async () => {
    const before = await snapshot();
    for (const path of new Set(FORMS.filter((f) => f.intent).map((f) => f.path))) {
      // A signed-in user is sent on from /auth before anything is read.
      actAs(path === "/auth" ? "visitor" : "admin");
      for (const intent of [undefined, "", "no-such-intent", "__proto__", "constructor"]) {
        const body = encode(intent === undefined ? [] : [["intent", intent]]);
        const answer = await send(path, {
          body,
          headers: { ...browser(), "content-length": String(body.length) },
        });
        requests += 1;
        expect(answer.status, `${path} intent=${intent}`).toBe(400);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it("refuses an unverified email on every money-moving intent, changing nothing", async () => {
    actAs("unverified");
    const before = await snapshot();
    const gated = FORMS.filter((form) => MONEY_MOVING_INTENTS[form.intent ?? nameOf(form)]);
    expect(gated.map((form) => form.intent ?? nameOf(form)).sort()).toEqual(
      Object.keys(MONEY_MOVING_INTENTS).sort(),
    );
    for (const form of gated) {
      const body = encode(form.intent ? [["intent", form.intent]] : []);
      const answer = await send(form.path, {
        body,
        headers: { ...browser(), "content-length": String(body.length) },
      });
      requests += 1;
      expect(answer.status, label(form)).toBe(403);
      expect(answer.body).toContain("Please verify your email to");
    }
    expect(await snapshot()).toEqual(before);
  });

  it("reports the run", () => {
    console.info(
      `malformed-input run on ${process.env.TEST_DB_DRIVER}: ${requests} requests, ${serverErrors} answered 5xx`,
    );
    expect(serverErrors).toBe(0);
    expect(requests).toBeGreaterThan(500);
  });
});

/** The declared name of a route's only form. */
function nameOf(form: Form): string {
  return form.path.startsWith("/pack/") ? "open-pack" : "";
}
