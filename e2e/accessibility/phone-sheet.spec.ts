import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";

/** Whether keyboard focus is on an element inside the widget's panel. */
function focusInsidePanel(page: Page) {
  return page.locator('[part~="panel"]').evaluate((panel) => {
    const focused = (panel.getRootNode() as ShadowRoot).activeElement;
    return !!focused && focused !== panel && panel.contains(focused);
  });
}

test.describe("the small-screen sheet", () => {
  test.use({ viewport: { width: 390, height: 760 } });

  test("Tab and Shift+Tab cycle inside the sheet and never reach the page behind", async ({ page, widget }) => {
    await widget.startOn("/script-tag.html");
    await widget.input.fill("A draft");
    await widget.sendButton.focus();
    for (let presses = 0; presses < 12; presses += 1) {
      await page.keyboard.press("Tab");
      expect(await focusInsidePanel(page), `inside after Tab ${presses + 1}`).toBe(true);
    }
    await page.getByRole("button", { name: "More options" }).focus();
    for (let presses = 0; presses < 12; presses += 1) {
      await page.keyboard.press("Shift+Tab");
      expect(await focusInsidePanel(page), `inside after Shift+Tab ${presses + 1}`).toBe(true);
    }
  });

  test("Tab from Send wraps to the header, where Minimise leads out", async ({ page, widget }) => {
    await widget.startOn("/script-tag.html");
    await widget.input.fill("A draft");
    await widget.sendButton.focus();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "More options" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Minimise chat" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(widget.panel).toBeHidden();
    await expect(widget.launcher).toBeFocused();
  });

  test("Escape still closes the sheet and returns focus to the launcher", async ({ page, widget }) => {
    await widget.startOn("/script-tag.html");
    await page.keyboard.press("Escape");
    await expect(widget.panel).toBeHidden();
    await expect(widget.launcher).toBeFocused();
  });

  test("a scroll over the sheet does not chain to the page behind", async ({ widget }) => {
    await widget.startOn("/script-tag.html");
    await expect(widget.panel).toHaveCSS("overscroll-behavior-y", "contain");
  });
});
