import type { Page } from "@playwright/test";
import { deliveries, giveOptions, type Delivery } from "../support/delivery-table.ts";
import { ChatWidget, expect, test } from "../support/fixtures.ts";

/**
 * WCAG 1.4.12's text spacing, as the usual bookmarklet applies it: line height 1.5 times the font size,
 * 2 em after each paragraph, letter spacing 0.12 em and word spacing 0.16 em, all `!important`.
 */
const textSpacing = `*{line-height:1.5!important;letter-spacing:.12em!important;word-spacing:.16em!important}
p{margin-bottom:2em!important}`;

/** Applies {@link textSpacing} to the page and inside the widget's shadow root, where page rules never reach. */
async function spaceText(page: Page, host: string): Promise<void> {
  await page.evaluate(
    ({ host, rules }) => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(rules);
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      const root = document.querySelector(host)!.shadowRoot!;
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    },
    { host, rules: textSpacing },
  );
}

/**
 * What of the open panel is cut off, overflows its button, leaves the panel or overlaps another thing, as
 * the page lays it out now. The transcript scrolls, so what is in it is compared only with what else is in
 * it; everything outside it (the header, banners, the composer) must lie whole inside the panel. A box that
 * scrolls keeps its content reachable and counts as no loss; the visually hidden texts are skipped.
 */
async function layoutProblems(page: Page, host: string): Promise<string[]> {
  return page.evaluate((host) => {
    const root = document.querySelector(host)!.shadowRoot!;
    const panel = root.querySelector<HTMLElement>('[part~="panel"]')!;
    const log = root.querySelector<HTMLElement>('[role="log"]')!;
    const name = (element: Element) =>
      element.getAttribute("aria-label") ?? element.getAttribute("part") ?? (element.className || element.tagName.toLowerCase());
    const shown = (element: Element) => !element.closest(".hidden") && element.getBoundingClientRect().width > 0;
    const found: string[] = [];
    const cuts = (overflow: string) => overflow === "hidden" || overflow === "clip";
    for (const element of [panel, ...panel.querySelectorAll<HTMLElement>("*")]) {
      if (!shown(element) || element.closest("svg") || element.matches("textarea, input")) continue;
      const style = getComputedStyle(element);
      if (
        (cuts(style.overflowY) && element.scrollHeight > element.clientHeight + 1) ||
        (cuts(style.overflowX) && element.scrollWidth > element.clientWidth + 1)
      )
        found.push(`${name(element)} cuts off its content`);
      if (element.matches("button") && (element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1))
        found.push(`the text of ${name(element)} overflows its button`);
    }
    const panelBox = panel.getBoundingClientRect();
    const things = [
      ...panel.querySelectorAll<HTMLElement>("button, textarea, input, h2, .heading p, .banner p, .bubble, .author, .meta, .day, .notice"),
    ].filter(shown);
    for (const element of things) {
      const box = element.getBoundingClientRect();
      const inside = box.top >= panelBox.top - 1 && box.bottom <= panelBox.bottom + 1;
      if (!log.contains(element) && (!inside || box.left < panelBox.left - 1 || box.right > panelBox.right + 1))
        found.push(`${name(element)} leaves the panel`);
    }
    for (const [index, first] of things.entries()) {
      for (const second of things.slice(index + 1)) {
        if (log.contains(first) !== log.contains(second) || first.contains(second) || second.contains(first)) continue;
        const [a, b] = [first.getBoundingClientRect(), second.getBoundingClientRect()];
        const across = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const down = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (across > 1 && down > 1) found.push(`${name(first)} overlaps ${name(second)}`);
      }
    }
    return found;
  }, host);
}

/** A conversation with paragraphs, a list and code, a table, a user message and the open feedback comment. */
async function fullConversation(widget: ChatWidget, delivery: Delivery): Promise<void> {
  await widget.page.goto(delivery.path);
  await giveOptions(widget.page, delivery, { feedback: true });
  await widget.open();
  await widget.expectGreeting();
  await widget.send("markdown please");
  await expect(widget.lastAgentMessage()).toContainText("inline code");
  await widget.send(`compare ${"unbroken".repeat(12)}`);
  await expect(widget.lastAgentMessage().locator("table")).toBeVisible();
  await widget.agentMessages.first().getByRole("button", { name: "Not helpful" }).click();
  await expect(widget.agentMessages.first().getByRole("textbox")).toBeVisible();
}

const [scriptTag, element] = deliveries;

for (const viewport of [
  { name: "desktop", width: 1280, height: 720 },
  { name: "phone", width: 360, height: 640 },
]) {
  test(`text spacing (WCAG 1.4.12): with the bookmarklet's spacing inside the widget too, nothing is cut off or overlaps, and the header, messages and composer stay whole (${viewport.name})`, async ({
    page,
    widget,
    pageProblems,
  }) => {
    await page.setViewportSize(viewport);
    await fullConversation(widget, scriptTag!);
    expect(await layoutProblems(page, scriptTag!.host)).toEqual([]);
    const before = await widget.panel.locator(".header").boundingBox();
    await spaceText(page, scriptTag!.host);
    // The spacing took hold: the header grew with its text.
    await expect.poll(async () => (await widget.panel.locator(".header").boundingBox())!.height).toBeGreaterThan(before!.height);
    expect(await layoutProblems(page, scriptTag!.host)).toEqual([]);
    for (const control of [widget.input, widget.sendButton, page.getByRole("button", { name: "More options" })]) {
      await expect(control).toBeInViewport({ ratio: 1 });
    }
    await widget.lastAgentMessage().scrollIntoViewIfNeeded();
    await expect(widget.lastAgentMessage().locator(".bubble")).toBeInViewport();
    // The menu's items keep their whole text too.
    await page.getByRole("button", { name: "More options" }).click();
    await expect(page.getByRole("menuitem").first()).toBeVisible();
    expect(await layoutProblems(page, scriptTag!.host)).toEqual([]);
    for (const item of await page.getByRole("menuitem").all()) await expect(item).toBeInViewport({ ratio: 1 });
    expect(pageProblems).toEqual([]);
  });
}

for (const delivery of [scriptTag!, element!]) {
  test(`400 % zoom: a 1280 × 1024 window at zoom 4 (320 × 256 CSS px at 4 device pixels each) reflows with nothing sideways, and the composer and the last message stay reachable (${delivery.name})`, async ({
    browser,
    serverUrl,
  }) => {
    const context = await browser.newContext({ baseURL: serverUrl, viewport: { width: 320, height: 256 }, deviceScaleFactor: 4 });
    const page = await context.newPage();
    const widget = new ChatWidget(page);
    await fullConversation(widget, delivery);
    expect(await page.evaluate(() => [devicePixelRatio, innerWidth, innerHeight])).toEqual([4, 320, 256]);
    const sideways = await page.evaluate((host) => {
      const root = document.querySelector(host)!.shadowRoot!;
      const found: string[] = [];
      if (document.documentElement.scrollWidth > document.documentElement.clientWidth) found.push("the page scrolls sideways");
      for (const element of root.querySelectorAll<HTMLElement>('[part~="panel"] *')) {
        // A data table may scroll inside its own box (WCAG 1.4.10 exempts it); nothing else may.
        if (element.closest(".table, .hidden") || element.matches("textarea, input")) continue;
        if (element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX !== "visible")
          found.push(`${element.className || element.tagName} scrolls sideways`);
        const box = element.getBoundingClientRect();
        if (box.width > 0 && (box.left < -1 || box.right > innerWidth + 1))
          found.push(`${element.className || element.tagName} leaves the viewport`);
      }
      return found;
    }, delivery.host);
    expect(sideways).toEqual([]);
    expect(await layoutProblems(page, delivery.host)).toEqual([]);
    // The transcript keeps room to read in, between the header and the composer.
    expect((await widget.log.boundingBox())!.height).toBeGreaterThanOrEqual(40);
    for (const control of [widget.input, widget.sendButton]) await expect(control).toBeInViewport({ ratio: 1 });
    await widget.lastAgentMessage().locator(".bubble").scrollIntoViewIfNeeded();
    await expect(widget.lastAgentMessage().locator(".bubble")).toBeInViewport();
    // A message still goes out, and the transcript follows the conversation to its newest message.
    const answers = await widget.agentMessages.count();
    await widget.send("hello again");
    await expect(widget.userMessages.last()).toContainText("hello again");
    await expect(widget.agentMessages).toHaveCount(answers + 1);
    await expect(widget.lastAgentMessage()).toBeInViewport();
    await context.close();
  });
}
