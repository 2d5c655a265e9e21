import { randomBytes } from "node:crypto";
import { expectNoSeriousA11yViolations } from "./helpers/axe";
import { gotoHydrated, signInAsAdmin } from "./helpers/session";
import { expect, test } from "./helpers/test";

// Sign-in, two axe runs and five page loads on a shared machine: more than the default 30 s.
test.describe.configure({ timeout: 120_000 });

test("an admin creates, edits and deletes an event; the Events page follows", async ({ page }) => {
  const title = `Grading Night ${randomBytes(3).toString("hex")}`;
  await signInAsAdmin(page);
  await gotoHydrated(page, "/admin?tab=events");
  await page.getByRole("button", { name: "New event" }).click();
  const dialog = page.getByRole("dialog", { name: "New event" });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Day").fill("2030-03-14");
  await dialog.getByLabel("Starts").fill("18:00");
  await dialog.getByLabel("Ends").fill("17:00");
  await dialog.getByLabel("Location").fill("PackVault Store, back room");
  await dialog.getByLabel("Description").fill("Bring your raw cards; we grade them live.");
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Create event" }).click();
  // Checked in the browser with the shared schema: the message beside the end time.
  await expect(dialog.getByLabel("Ends")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByLabel("Ends")).toHaveAccessibleDescription(
    "The end time must be after the start time",
  );
  await dialog.getByLabel("Ends").fill("21:00");
  await dialog.getByRole("button", { name: "Create event" }).click();
  await expect(page.getByText("Event created successfully")).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toContainText("Mar 14, 2030");
  await expect(row).toContainText("6:00 PM-9:00 PM");
  await expectNoSeriousA11yViolations(page);

  await gotoHydrated(page, "/events");
  await expect(page.getByRole("heading", { name: title })).toBeVisible();

  await gotoHydrated(page, `/admin?tab=events&q=${encodeURIComponent(title)}`);
  await page.getByRole("button", { name: `Edit event ${title}` }).click();
  const edit = page.getByRole("dialog", { name: `Edit ${title}` });
  await expect(edit.getByLabel("Day")).toHaveValue("2030-03-14");
  await expect(edit.getByLabel("Starts")).toHaveValue("18:00");
  await edit.getByLabel("Title").fill(`${title} II`);
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Event updated successfully")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: `${title} II` })).toBeVisible();

  await page.getByRole("button", { name: `Delete event ${title} II` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Event deleted successfully")).toBeVisible();
  await gotoHydrated(page, "/admin?tab=audit");
  await expect(page.getByText("event.delete").first()).toBeVisible();
  await gotoHydrated(page, "/events");
  await expect(page.getByRole("heading", { name: `${title} II` })).toHaveCount(0);
});
