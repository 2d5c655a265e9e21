import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expectNoSeriousA11yViolations } from "./helpers/axe";
import { newCollector } from "./helpers/collector";
import { gotoHydrated } from "./helpers/session";
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
  await gotoHydrated(seller.page, "/marketplace");
  await seller.page.getByRole("button", { name: "Create Listing" }).click();
  const dialog = seller.page.getByRole("dialog", { name: "Create a New Listing" });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Description").fill("Signed on the cover, bagged and boarded.");
  await dialog.getByLabel("Price (USD)").fill("40");
  await dialog.getByLabel("Category").selectOption("Comics");
  await dialog.getByLabel("Condition").selectOption("Excellent");
  await dialog.getByRole("button", { name: "Create Listing" }).click();
  await expect(seller.page.getByText("Listing created successfully!")).toBeVisible();
  await seller.page
    .getByRole("article", { name: title })
    .getByRole("link", { name: title })
    .click();

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
