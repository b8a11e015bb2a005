import { deliveries, giveOptions } from "../support/delivery-table.ts";
import { expect, test } from "../support/fixtures.ts";

/** The widget's root element, which carries the UI's `lang` and `dir`, in the delivery's shadow root. */
const widgetRoot = (host: string) => `${host} >> .root`;

for (const delivery of deliveries) {
  test.describe(`languages, ${delivery.name}`, () => {
    test("locale=de: German accessible names and lang, before and after a message", async ({ page, widget, pageProblems }) => {
      await page.goto(`${delivery.path}?lang=de`);
      await widget.launcher.click();
      await expect(page.getByRole("textbox", { name: "Nachricht" })).toBeVisible();
      await expect(page.locator(widgetRoot(delivery.host))).toHaveAttribute("lang", "de");
      await expect(page.locator(widgetRoot(delivery.host))).toHaveAttribute("dir", "ltr");
      await expect(page.getByRole("log", { name: "Unterhaltung" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Chat schließen" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Weitere Optionen" })).toBeVisible();
      await widget.expectGreeting();
      await page.getByRole("textbox", { name: "Nachricht" }).fill("Hallo");
      await page.getByRole("button", { name: "Senden", exact: true }).click();
      await expect(widget.userMessages.last()).toHaveAttribute("data-status", "sent");
      await expect(page.getByRole("button", { name: "Send", exact: true })).toHaveCount(0);
      expect(pageProblems).toEqual([]);
    });

    test("locale=he: the panel is laid out right to left", async ({ page, widget, pageProblems }) => {
      await page.goto(`${delivery.path}?lang=he`);
      await widget.launcher.click();
      const input = page.getByRole("textbox", { name: "הודעה" });
      await expect(input).toBeVisible();
      await expect(page.locator(widgetRoot(delivery.host))).toHaveAttribute("dir", "rtl");
      await expect(page.locator(widgetRoot(delivery.host))).toHaveAttribute("lang", "he");
      await expect(input).toHaveCSS("direction", "rtl");
      // The send button sits at the start of the line, which right to left is on the left of the input.
      const send = await page.getByRole("button", { name: "שליחה" }).boundingBox();
      const field = await input.boundingBox();
      expect(send && field && send.x + send.width <= field.x + 1, "send is left of the input").toBe(true);
      expect(pageProblems).toEqual([]);
    });

    test("the demo's language switcher changes the open widget's language", async ({ page, widget, pageProblems }) => {
      await widget.startOn(delivery.path);
      await page.getByRole("combobox", { name: "Language" }).selectOption("fr");
      await expect(page.locator(widgetRoot(delivery.host))).toHaveAttribute("lang", "fr");
      expect(new URL(page.url()).searchParams.get("lang")).toBe("fr");
      if (await widget.panel.isHidden()) await widget.launcher.click();
      await expect(page.getByRole("button", { name: "Envoyer" })).toBeVisible();
      expect(pageProblems).toEqual([]);
    });

    test("a strings override shows in place of the widget's own text", async ({ page, widget, pageProblems }) => {
      await widget.startOn(delivery.path);
      await giveOptions(page, delivery, { strings: { en: { send: "Ask", placeholder: "Ask us anything…" } } });
      if (await widget.panel.isHidden()) await widget.launcher.click();
      await expect(page.getByRole("button", { name: "Ask", exact: true })).toBeVisible();
      await expect(widget.input).toHaveAttribute("placeholder", "Ask us anything…");
      expect(pageProblems).toEqual([]);
    });
  });
}
