import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { ChatWidget, expect, test } from "./fixtures.ts";

const screenshotFolder = resolve(import.meta.dirname, "screenshots");

/** Brings the open panel to a state with agent and user messages, a notice and the handoff banner. */
async function busyConversation(widget: ChatWidget): Promise<void> {
  await widget.open();
  await widget.expectGreeting();
  await widget.send("Are you busy?");
  await expect(widget.notices.first()).toBeVisible();
  await widget.send("markdown");
  await expect(widget.agentMessages.last()).toContainText("inline code");
  await widget.send("Let me talk to a human");
  await expect(widget.handoffBanner).toContainText("joined the conversation");
  await expect(widget.liveAgentMessages.first()).toBeVisible();
}

for (const colorScheme of ["light", "dark"] as const) {
  test(`axe finds no WCAG 2.1 AA violation in the open panel with messages, a notice and the handoff banner (${colorScheme})`, async ({
    page,
    widget,
  }) => {
    await page.emulateMedia({ colorScheme });
    await page.goto("/script-tag.html");
    await busyConversation(widget);
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
    const summary = results.violations.map((violation) => ({
      id: violation.id,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    }));
    expect(summary).toEqual([]);
  });
}

const layouts = [
  { name: "desktop", viewport: { width: 1280, height: 800 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
] as const;

test("screenshots of the open panel on desktop and phone, light and dark", async ({ browser, serverUrl }) => {
  mkdirSync(screenshotFolder, { recursive: true });
  for (const layout of layouts) {
    for (const colorScheme of ["light", "dark"] as const) {
      const context = await browser.newContext({
        baseURL: serverUrl,
        viewport: layout.viewport,
        colorScheme,
        isMobile: layout.name === "phone",
        hasTouch: layout.name === "phone",
      });
      const page = await context.newPage();
      const widget = new ChatWidget(page);
      await page.goto(layout.name === "phone" ? "/script-tag.html" : "/element.html");
      await widget.open();
      await widget.expectGreeting();
      await widget.send("markdown");
      await expect(widget.agentMessages.last()).toContainText("inline code");
      await widget.send("Send a link");
      await expect(widget.agentMessages.last().locator('[part~="attachment"]')).toBeVisible();
      await page.screenshot({ path: resolve(screenshotFolder, `panel-${layout.name}-${colorScheme}.png`) });
      await context.close();
    }
  }
});
