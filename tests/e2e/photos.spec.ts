import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expectNoSeriousA11yViolations } from "./helpers/axe";
import { newCollector } from "./helpers/collector";
import { createItemListing, openListingPage } from "./helpers/listing";
import { watchPageErrors } from "./helpers/page-errors";
import { gotoHydrated, signInAsAdmin } from "./helpers/session";
import { expect, test } from "./helpers/test";

// Sign-ups, uploads and AVIF encoding on a shared machine: more than the default 30 s.
test.describe.configure({ timeout: 180_000 });

/** A PNG file for a file input, `width` x 400 in one colour. */
async function png(name: string, width: number, background: string) {
  const buffer = await sharp({ create: { width, height: 400, channels: 3, background } })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

/** The photo tiles of the manager on a page. */
const tiles = (page: Page, subject: string) =>
  page.getByRole("list", { name: `Photos of ${subject}` }).getByRole("listitem");

test("a seller adds photos to their listing (Front and Back first), removes one, and buyers see them", async ({
  browser,
  page,
}) => {
  const seller = await newCollector(browser, "photos", "Pat Photos");
  const title = `Signed comic ${randomBytes(3).toString("hex")}`;
  await createItemListing(seller.page, {
    title,
    description: "Signed on the cover, bagged and boarded.",
    price: "40",
    category: "Comics",
    condition: "Excellent",
  });
  await openListingPage(seller.page, title);

  // No photos yet: the pickers offer the Front and the Back first, then up to four more.
  const photos = seller.page.getByRole("region", { name: "Photos" });
  await expect(photos.getByText("No photos yet.")).toBeVisible();
  await expect(photos.getByLabel("Front")).toHaveAttribute("type", "file");
  await expect(photos.getByLabel("Back")).toHaveAttribute("type", "file");
  await expect(photos.getByLabel("More photos (up to 4)")).toHaveAttribute("multiple", "");
  await expectNoSeriousA11yViolations(seller.page);

  // A file that is not an image is refused by name, inline, and nothing is added.
  await photos.getByLabel("Front").setInputFiles({
    name: "notes.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from("just some text, not a photo"),
  });
  await photos.getByRole("button", { name: "Upload photos" }).click();
  await expect(photos.getByRole("alert")).toContainText(
    "notes.jpg is not a JPEG, PNG, WebP or AVIF image",
  );
  await expect(seller.page.getByText("Failed to add photos")).toBeVisible();
  await expect(photos.getByText("No photos yet.")).toBeVisible();
  await expectNoSeriousA11yViolations(seller.page);

  await photos.getByLabel("Front").setInputFiles(await png("front.png", 300, "#c0392b"));
  await photos.getByLabel("Back").setInputFiles(await png("back.png", 301, "#2471a3"));
  await photos.getByRole("button", { name: "Upload photos" }).click();
  await expect(seller.page.getByText("Photos added")).toBeVisible();
  await expect(tiles(seller.page, title)).toHaveCount(2);
  await expect(tiles(seller.page, title).first()).toContainText("Front");
  await expect(tiles(seller.page, title).last()).toContainText("Back");
  // Front and Back taken: only the picker for the rest is left.
  await expect(photos.getByLabel("Front")).toHaveCount(0);
  await expect(photos.getByLabel("More photos (up to 4)")).toBeVisible();
  await expectNoSeriousA11yViolations(seller.page);

  // A visitor sees both in the gallery.
  await gotoHydrated(page, seller.page.url());
  await expect(page.getByRole("button", { name: `Show Back of ${title}` })).toBeVisible();
  await expect(page.getByRole("img", { name: `Front of ${title}` })).toBeVisible();

  // Removing the Front makes the Back the first photo (named Front now).
  await photos.getByRole("button", { name: `Remove Front of ${title}` }).click();
  await expect(seller.page.getByText("Photo removed")).toBeVisible();
  await expect(tiles(seller.page, title)).toHaveCount(1);
  await expect(photos.getByLabel("Back")).toBeVisible();
  await gotoHydrated(page, seller.page.url());
  await expect(page.getByRole("button", { name: /^Show / })).toHaveCount(0);
  await expect(page.getByRole("img", { name: `Front of ${title}` })).toBeVisible();

  expect(seller.problems, seller.problems.join("\n")).toEqual([]);
  await seller.close();
});

test("an admin adds and removes photos of a product and a pack; their pages show them", async ({
  page,
  browser,
}) => {
  await signInAsAdmin(page);
  const cases = [
    {
      tab: "products",
      name: "Autographed Hockey Puck",
      button: "Photos of product Autographed Hockey Puck",
    },
    { tab: "packs", name: "Court Kings Pack", button: "Photos of pack Court Kings Pack" },
  ] as const;
  for (const { tab, name, button } of cases) {
    await gotoHydrated(page, `/admin?tab=${tab}&q=${encodeURIComponent(name)}`);
    await page.getByRole("button", { name: button }).click();
    const dialog = page.getByRole("dialog", { name: `Photos of ${name}` });
    await expect(dialog.getByText("No photos yet.")).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // An SVG is refused by name, inline; nothing is added.
    await dialog.getByLabel("Front").setInputFiles({
      name: "logo.svg",
      mimeType: "image/svg+xml",
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>'),
    });
    await dialog.getByRole("button", { name: "Upload photos" }).click();
    await expect(dialog.getByRole("alert")).toContainText("logo.svg");
    await expect(dialog.getByText("No photos yet.")).toBeVisible();

    await dialog.getByLabel("Front").setInputFiles(await png("front.png", 320, "#7d3c98"));
    await dialog.getByLabel("Back").setInputFiles(await png("back.png", 321, "#148f77"));
    await dialog.getByRole("button", { name: "Upload photos" }).click();
    await expect(page.getByText("2 photos added.")).toBeVisible();
    await expect(tiles(page, name)).toHaveCount(2);
    await expectNoSeriousA11yViolations(page);

    // The public page (its id is on the row: "Category · #12") shows them in a gallery.
    await page.keyboard.press("Escape");
    await expect(page.getByRole("button", { name: button })).toContainText("Photos (2)");
    const row = page.getByRole("row").filter({ hasText: name });
    const id = /#(\d+)/.exec(await row.innerText())![1];
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    const problems = watchPageErrors(visitor);
    await gotoHydrated(visitor, `/${tab === "products" ? "product" : "pack"}/${id}`);
    await expect(visitor.getByRole("img", { name: `${name}, photo 1` })).toBeVisible();
    await expect(visitor.getByRole("button", { name: `Show ${name}, photo 2` })).toBeVisible();
    await expectNoSeriousA11yViolations(visitor);
    expect(problems, problems.join("\n")).toEqual([]);
    await visitorContext.close();

    // Removing both leaves the generated art.
    await page.getByRole("button", { name: button }).click();
    await dialog.getByRole("button", { name: `Remove Photo 1 of ${name}` }).click();
    await expect(tiles(page, name)).toHaveCount(1);
    await dialog.getByRole("button", { name: `Remove Photo 1 of ${name}` }).click();
    await expect(dialog.getByText("No photos yet.")).toBeVisible();
    await page.keyboard.press("Escape");
  }
});
