import { readFile } from "node:fs/promises";
import { en } from "../../src/widget/locales/en.ts";
import { deliveries } from "../support/delivery-table.ts";
import { expect, test } from "../support/fixtures.ts";

test.describe("ending a conversation with care", () => {
  for (const delivery of deliveries) {
    test(`${delivery.name}: End asks to confirm in the panel; Escape and Cancel keep the conversation`, async ({ page, widget }) => {
      await widget.startOn(delivery.path);
      const question = page.getByRole("alertdialog", { name: en.endQuestion });
      for (const answer of ["Escape", "Cancel"]) {
        await page.getByRole("button", { name: en.moreOptions }).click();
        await page.getByRole("menuitem", { name: en.endConversation }).click();
        await expect(question).toBeVisible();
        await expect(question.getByRole("button", { name: en.endConversation })).toBeFocused();
        if (answer === "Escape") await page.keyboard.press("Escape");
        else await question.getByRole("button", { name: en.cancel }).click();
        await expect(question).toHaveCount(0);
        await expect(widget.panel).toBeVisible();
        await expect(widget.input).toBeFocused();
      }
      // The conversation goes on.
      await widget.send("Still here?");
      await expect(widget.agentMessages).toHaveCount(2);
    });

    test(`${delivery.name}: the end offers the conversation as a text file, and a new conversation`, async ({ page, widget }) => {
      await widget.startOn(delivery.path);
      await widget.send("markdown");
      await expect(widget.agentMessages.last()).toContainText("inline code");
      await widget.endConversation();
      await expect(page.getByText(en.endReasons.REASON_USER_END)).toBeVisible();
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: en.downloadConversation }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.txt$/);
      expect(new URL(download.url()).protocol).toBe("blob:");
      const text = await readFile((await download.path())!, "utf8");
      expect(text).toContain(`${en.you}: markdown`);
      expect(text).toContain("Ask me anything");
      // As the reader saw it: no Markdown marks.
      expect(text).toContain("inline code");
      expect(text).not.toContain("**");
      await page.getByRole("button", { name: en.newConversation }).click();
      await widget.expectGreeting();
    });
  }
});
