import { expect, test, type Page } from "@playwright/test";
import { STORE } from "../../app/lib/store";
import { expectNoSeriousA11yViolations } from "./helpers/axe";

const FAQ_QUESTIONS = [
  "How do I place an order?",
  "What payment methods do you accept?",
  "How can I track my order?",
  "What is your return policy?",
  "Are your items authentic?",
  "Do you ship internationally?",
  "How does card grading work?",
  "Can I sell my collectibles to you?",
];

/** Each content page, its h1 and texts the spec (or the store facts) put on it. */
const PAGES = [
  {
    path: "/collections",
    heading: "Collections",
    texts: ["Rare Finds", "Popular Picks", "Trending", "Complete Sets"],
  },
  {
    path: "/community",
    heading: "Community Hub",
    texts: ["Forum", "Trading Hub", "Events", "Coming soon"],
  },
  {
    path: "/contact",
    heading: "Contact Us",
    texts: [STORE.supportEmail, STORE.phone, STORE.street, "Send Message"],
  },
  {
    path: "/events",
    heading: "Events",
    texts: ["Monthly Card Show", "Pokemon Tournament", "Holiday Collectibles Fair", "Stay Updated"],
  },
  { path: "/faq", heading: "Frequently Asked Questions", texts: FAQ_QUESTIONS },
  {
    path: "/shipping",
    heading: "Shipping Information",
    texts: [
      "Domestic Shipping",
      "5-7 business days",
      "$5.99",
      "2-3 business days",
      "$12.99",
      "Next business day",
      "$24.99",
      "Free shipping on orders over $100 in the US.",
      "International Shipping",
      "10-15 business days",
      "$19.99",
      "$39.99",
      "Packaging",
      "Order Tracking",
      "Orders are processed in 1-2 business days",
    ],
  },
  {
    path: "/returns",
    heading: "Returns and Refunds",
    texts: [
      "30 days of delivery",
      "original condition",
      "Conditions",
      "How to Return an Item",
      "5-7 business days",
      "Return shipping is free for US orders.",
      "Exchanges",
    ],
  },
  {
    path: "/track-order",
    heading: "Track Your Order",
    texts: ["Tracking number or order ID", "Track Order", "shipping confirmation email"],
  },
  {
    path: "/privacy-policy",
    heading: "Privacy Policy",
    texts: ["Last updated: October 28, 2025", "Information we collect", "90%"],
  },
  {
    path: "/terms-of-service",
    heading: "Terms of Service",
    texts: ["Last updated: October 28, 2025", "Mystery packs", "90%", "15% platform fee"],
  },
  {
    path: "/cookie-policy",
    heading: "Cookie Policy",
    texts: ["Last updated: October 28, 2025", "sidebar:state", "7 days", "theme"],
  },
] as const;

/** Collects console errors (hydration mismatches included) for the test to assert on. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/** A subscriber address no other test or run uses. */
const uniqueEmail = (label: string) =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

for (const { path, heading, texts } of PAGES) {
  test(`${path} shows '${heading}' and its content, accessibly`, async ({ page }) => {
    const errors = consoleErrors(page);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(page).toHaveTitle(/\| PackVault$/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{40,}/);
    const main = page.getByRole("main");
    for (const text of texts) await expect(main).toContainText(text);
    await expectNoSeriousA11yViolations(page);
    expect(errors).toEqual([]);
  });
}

test("each collection tile opens its shop view, which lists as many items as the tile says", async ({
  page,
}) => {
  await page.goto("/collections");
  const tiles = page.getByRole("main").getByRole("link");
  await expect(tiles).toHaveCount(4);
  const shown = await tiles.evaluateAll((links) =>
    links.map((a) => ({ href: a.getAttribute("href")!, text: a.textContent ?? "" })),
  );
  for (const { href, text } of shown) {
    expect(href).toMatch(/^\/products\?/);
    const count = Number(/(\d+) items?/.exec(text)![1]);
    expect(count).toBeGreaterThan(0);
    await page.goto(href);
    await expect(page.getByText(/^\d+ items?$/)).toHaveText(
      `${count} ${count === 1 ? "item" : "items"}`,
    );
  }
});

test("the events are dated from the shop's first start: two to come with Register, one ended without", async ({
  page,
}) => {
  await page.goto("/events");
  // Seeded relative to the first start (app/.server/setup/seed/catalog-data.ts): upcoming first.
  const expected = [
    ["Pokemon Tournament", "2:00 PM-8:00 PM", false],
    ["Holiday Collectibles Fair", "12:00 PM-7:00 PM", false],
    ["Monthly Card Show", "10:00 AM-6:00 PM", true],
  ] as const;
  const articles = page.getByRole("article");
  await expect(articles).toHaveCount(3);
  const thisYearOrNext = new RegExp(
    `\\w{3} \\d{1,2}, (${new Date().getFullYear()}|${new Date().getFullYear() + 1})`,
  );
  for (const [i, [title, time, ended]] of expected.entries()) {
    const event = articles.nth(i);
    await expect(event.getByRole("heading", { name: title })).toBeVisible();
    await expect(event).toContainText(thisYearOrNext);
    await expect(event).toContainText(time);
    await expect(event).toContainText(STORE.street);
    if (ended) {
      await expect(event).toContainText("This event has ended");
      await expect(event.getByRole("link", { name: "Register" })).toHaveCount(0);
      await expect(event.getByRole("button", { name: "Register" })).toHaveCount(0);
    } else {
      await expect(event).not.toContainText("This event has ended");
      // A visitor signs in first (docs/product/catalogue.md "Events").
      await expect(event.getByRole("link", { name: "Register" })).toHaveAttribute(
        "href",
        "/auth?redirectTo=/events",
      );
    }
  }
  await expectNoSeriousA11yViolations(page);
});

test("the FAQ opens one answer at a time and closes it again", async ({ page }) => {
  await page.goto("/faq");
  const main = page.getByRole("main");
  const first = main.getByRole("button", { name: FAQ_QUESTIONS[1]! });
  const second = main.getByRole("button", { name: FAQ_QUESTIONS[5]! });
  await expect(main.getByRole("button", { expanded: true })).toHaveCount(0);

  await first.click();
  await expect(first).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByText("major credit cards, PayPal, Apple Pay")).toBeVisible();

  await second.click();
  await expect(second).toHaveAttribute("aria-expanded", "true");
  await expect(first).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByText("major credit cards, PayPal, Apple Pay")).toBeHidden();
  await expect(page.getByText("10-15 business days ($19.99)")).toBeVisible();
  await expect(main.getByRole("button", { expanded: true })).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);

  await second.click();
  await expect(main.getByRole("button", { expanded: true })).toHaveCount(0);
});

test.describe("the contact form", () => {
  test("shows what is missing next to each field, then sends and confirms", async ({ page }) => {
    await page.goto("/contact");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByLabel("Name", { exact: true })).toHaveAccessibleDescription(
      "Please enter your name",
    );
    await expect(page.getByLabel("Email", { exact: true })).toHaveAccessibleDescription(
      "Please enter your email address",
    );
    await expect(page.getByLabel("Subject", { exact: true })).toHaveAccessibleDescription(
      "Please enter a subject",
    );
    await expect(page.getByLabel("Message", { exact: true })).toHaveAccessibleDescription(
      "Please enter your message",
    );
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel("Name", { exact: true }).fill("Ada Lovelace");
    await page.getByLabel("Email", { exact: true }).fill("ada-at-example");
    await page.getByLabel("Subject", { exact: true }).fill("Grading");
    await page.getByLabel("Message", { exact: true }).fill("Too short");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByText("Your message must be at least 10 characters")).toBeVisible();

    // Hold the submission to see the button's working state.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/contact.data*", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel("Email", { exact: true }).fill("ada@example.com");
    await page
      .getByLabel("Message", { exact: true })
      .fill("How long does grading take for a vintage card?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("button", { name: "Sending..." })).toBeDisabled();
    release();

    await expect(page.getByRole("status")).toContainText(
      "Thanks, Ada Lovelace! Your message has been sent. We'll reply to ada@example.com within 1-2 business days.",
    );
    await expect(page.getByRole("button", { name: "Send Message" })).toHaveCount(0);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("answers an empty form with 400 and the field errors, a valid one with the confirmation", async ({
      page,
    }) => {
      await page.goto("/contact");
      const [refused] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST"),
        page.getByRole("button", { name: "Send Message" }).click(),
      ]);
      expect(refused.status()).toBe(400);
      await expect(page.getByText("Please enter your name")).toBeVisible();
      await expect(page.getByText("Please enter your message")).toBeVisible();

      await page.getByLabel("Name", { exact: true }).fill("  Grace Hopper ");
      await page.getByLabel("Email", { exact: true }).fill("grace@example.com");
      await page.getByLabel("Subject", { exact: true }).fill("Order question");
      await page.getByLabel("Message", { exact: true }).fill("Where is my order, please?");
      const [accepted] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST"),
        page.getByRole("button", { name: "Send Message" }).click(),
      ]);
      expect(accepted.status()).toBe(200);
      await expect(page.getByRole("status")).toContainText(
        "Thanks, Grace Hopper! Your message has been sent.",
      );
    });
  });
});

test("Stay Updated subscribes an address once and says so when it is already on the list", async ({
  page,
}) => {
  const email = uniqueEmail("fan");
  await page.goto("/events");
  const box = page.getByRole("region", { name: "Stay Updated" });
  await box.getByRole("button", { name: "Subscribe" }).click();
  await expect(box.getByText("Please enter your email address")).toBeVisible();

  await box.getByLabel("Email address").fill("not-an-email");
  await box.getByRole("button", { name: "Subscribe" }).click();
  await expect(box.getByText("Please enter a valid email address")).toBeVisible();

  await box.getByLabel("Email address").fill(email);
  await box.getByRole("button", { name: "Subscribe" }).click();
  await expect(box.getByRole("status")).toContainText(`You're subscribed! We'll email ${email}`);
  await expect(box.getByLabel("Email address")).toHaveValue("");

  await box.getByLabel("Email address").fill(email.toUpperCase());
  await box.getByRole("button", { name: "Subscribe" }).click();
  await expect(box.getByRole("status")).toContainText("You're already on the list.");
  await expectNoSeriousA11yViolations(page);
});

test("Track Your Order asks a visitor to sign in", async ({ page }) => {
  await page.goto("/track-order");
  await page.getByRole("button", { name: "Track Order" }).click();
  await expect(page.getByLabel("Tracking number or order ID")).toHaveAccessibleDescription(
    /Please enter a tracking number or order ID/,
  );

  await page.getByLabel("Tracking number or order ID").fill("PV-100234");
  await page.getByRole("button", { name: "Track Order" }).click();
  await expect(page).toHaveURL(/\/track-order\?q=PV-100234$/);
  await expect(page.getByRole("status")).toHaveText("Sign in to track your order.");
  await expectNoSeriousA11yViolations(page);
});
