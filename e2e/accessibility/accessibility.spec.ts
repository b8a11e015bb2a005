import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { ChatWidget, expect, fault, test } from "../support/fixtures.ts";

const screenshotFolder = resolve(import.meta.dirname, "../screenshots");

/** Brings the open panel to a state with agent and user messages, a notice and the handoff's story. */
async function busyConversation(widget: ChatWidget): Promise<void> {
  await widget.open();
  await widget.expectGreeting();
  // Under high load the platform drops the message's answer: the message then offers a one-tap retry.
  await widget.input.fill("Are you busy?");
  await widget.sendButton.click();
  await expect(widget.notices.first()).toBeVisible();
  await widget.send("markdown");
  await expect(widget.agentMessages.last()).toContainText("inline code");
  await widget.send("Let me talk to a human");
  await expect(widget.handoffStory.last()).toContainText("joined the conversation");
  await expect(widget.liveAgentMessages.first()).toBeVisible();
}

/** What axe finds against WCAG 2.1 A and AA on the page as it is, by rule and target. */
async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
  return results.violations.map((violation) => ({
    id: violation.id,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(" ")),
  }));
}

for (const colorScheme of ["light", "dark"] as const) {
  test(`axe finds no WCAG 2.1 AA violation in the open panel with messages, a notice and the handoff's story (${colorScheme})`, async ({
    page,
    widget,
  }) => {
    await page.emulateMedia({ colorScheme });
    await page.goto("/script-tag.html");
    await busyConversation(widget);
    expect(await axeViolations(page)).toEqual([]);
  });

  test(`axe finds no violation with the header's menu open, nor beside the closed launcher's preview (${colorScheme})`, async ({
    page,
    widget,
  }) => {
    await page.emulateMedia({ colorScheme });
    await widget.startOn("/script-tag.html");
    await page.getByRole("button", { name: "More options" }).click();
    // The demo page offers the voice ways out, first in the menu, before "End conversation".
    await expect(page.getByRole("menuitem", { name: "Call me back" })).toBeFocused();
    await expect(page.getByRole("menuitem")).toHaveText(["Call me back", "Call us", "End conversation"]);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Minimise chat" }).click();
    await page.evaluate(() => (window as unknown as { CapChat: (command: string, text: string) => void }).CapChat("send", "markdown"));
    await expect(page.locator('[part~="preview"]')).toContainText("inline code");
    await expect(page.locator(".badge")).toHaveText("1");
    expect(await axeViolations(page)).toEqual([]);
  });

  test(`axe finds no violation in the end's confirmation, nor at the end with its download (${colorScheme})`, async ({ page, widget }) => {
    await page.emulateMedia({ colorScheme });
    await widget.startOn("/script-tag.html");
    await page.getByRole("button", { name: "More options" }).click();
    await page.getByRole("menuitem", { name: "End conversation" }).click();
    const question = page.getByRole("alertdialog", { name: "End this conversation?" });
    await expect(question).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await question.getByRole("button", { name: "End conversation" }).click();
    await expect(page.getByRole("button", { name: "Download the conversation" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
}

const layouts = [
  { name: "desktop", viewport: { width: 1280, height: 800 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
] as const;

/** One screenshot: where, in which scheme and language, over which transport. */
interface Shot {
  layout: (typeof layouts)[number];
  colorScheme: "light" | "dark";
  locale: "en" | "ar";
  transport: "messaging" | "chat";
}

const shots: Shot[] = [
  ...layouts.flatMap((layout) =>
    (["light", "dark"] as const).flatMap((colorScheme) =>
      (["en", "ar"] as const).map((locale) => ({ layout, colorScheme, locale, transport: "messaging" as const })),
    ),
  ),
  { layout: layouts[0], colorScheme: "light", locale: "en", transport: "chat" },
  { layout: layouts[1], colorScheme: "dark", locale: "en", transport: "chat" },
];

test("screenshots of the open panel: desktop and phone, light and dark, English and Arabic, and the Chat API fallback", async ({
  browser,
  serverUrl,
}) => {
  test.setTimeout(180_000);
  mkdirSync(screenshotFolder, { recursive: true });
  for (const { layout, colorScheme, locale, transport } of shots) {
    await fault(serverUrl, "refuseUpgrades", { refuse: transport === "chat" });
    // The browser's language picks the widget's locale, as for a visitor.
    const context = await browser.newContext({
      baseURL: serverUrl,
      viewport: layout.viewport,
      colorScheme,
      locale,
      isMobile: layout.name === "phone",
      hasTouch: layout.name === "phone",
    });
    const page = await context.newPage();
    const widget = new ChatWidget(page);
    await page.goto(layout.name === "phone" ? "/script-tag.html" : "/element.html");
    await page.locator('[part~="launcher"]').click();
    await expect(widget.agentMessages.first()).toBeVisible({ timeout: 20_000 });
    const input = page.locator('[part~="input"]');
    for (const [text, shown] of [
      ["markdown", "inline code"],
      ["Send an image", "harbour"],
    ]) {
      await input.fill(text as string);
      await page.locator('[part~="send"]').click();
      await expect(widget.agentMessages.last()).toContainText(shown as string);
    }
    await page.waitForTimeout(400);
    await page.screenshot({
      path: resolve(screenshotFolder, `panel-${layout.name}-${colorScheme}-${locale}${transport === "chat" ? "-fallback" : ""}.png`),
    });
    await context.close();
  }
});

test("reflow: at 320 × 256 CSS px, which is 1280 × 1024 at 400 % zoom, nothing scrolls sideways but a table, every control stays on screen and is a target of 24 px at least", async ({
  page,
  widget,
}) => {
  await page.setViewportSize({ width: 320, height: 256 });
  await page.goto("/script-tag.html");
  await page.evaluate(() =>
    (window as unknown as { CapChat: (command: string, options: object) => void }).CapChat("boot", { feedback: true }),
  );
  await widget.open();
  await widget.expectGreeting();
  await widget.send(`compare ${"unbroken".repeat(12)}`);
  await expect(widget.lastAgentMessage().locator("table")).toBeVisible();
  await widget.lastAgentMessage().getByRole("button", { name: "Not helpful" }).click();
  await expect(widget.lastAgentMessage().getByRole("textbox")).toBeVisible();
  const problems = await page.evaluate(() => {
    const root = document.querySelector("cap-chat-host")!.shadowRoot!;
    const found: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width) found.push(`the page is ${document.documentElement.scrollWidth} px wide`);
    for (const element of root.querySelectorAll<HTMLElement>('[part~="panel"] *')) {
      // A table may scroll inside its own box (WCAG 1.4.10 exempts data tables); nothing else may.
      if (element.closest(".table, .hidden") || element.matches("textarea, input")) continue;
      if (element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX !== "visible")
        found.push(`${element.className || element.tagName} scrolls sideways`);
      const box = element.getBoundingClientRect();
      if (box.width > 0 && (box.left < -1 || box.right > width + 1) && !element.closest(".table"))
        found.push(`${element.className || element.tagName} leaves the viewport`);
      // WCAG 2.5.8: buttons outside the text of a message are 24 × 24 CSS px at least.
      if (element.matches("button") && !element.closest(".bubble") && box.width > 0 && (box.width < 24 || box.height < 24))
        found.push(`${element.getAttribute("aria-label") ?? element.textContent} is ${box.width} × ${box.height} px`);
    }
    return found;
  });
  expect(problems).toEqual([]);
  for (const control of [widget.input, widget.sendButton, page.getByRole("button", { name: "More options" })]) {
    await control.scrollIntoViewIfNeeded();
    await expect(control).toBeInViewport();
  }
  expect(await axeViolations(page)).toEqual([]);
});
