import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "../support/fixtures.ts";

test.describe("Markdown blocks in a bubble", () => {
  test("an answer with a table shows a <table> with header cells, which scrolls inside the bubble, a struck price and a quote with a bar", async ({
    page,
    widget,
    pageProblems,
  }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await widget.startOn("/script-tag.html");
    await widget.send("compare plans");
    const answer = widget.lastAgentMessage();
    const table = answer.locator("table");
    await expect(table).toBeVisible();
    await expect(table.locator("thead th")).toHaveText(["Plan", "Price a month", "Support"]);
    await expect(table.locator("tbody tr")).toHaveCount(3);
    await expect(table.locator("tbody tr").last().locator("td").nth(1)).toHaveAttribute("align", "right");
    await expect(table.locator("del")).toHaveText("€99");
    const scroller = answer.locator(".table");
    await expect(scroller).toHaveAttribute("tabindex", "0");
    await expect(scroller).toHaveCSS("overflow-x", "auto");
    // However wide the table, the bubble stays inside the transcript: the table scrolls instead.
    const bubbleRight = await answer.locator(".bubble").evaluate((bubble) => bubble.getBoundingClientRect().right);
    const logRight = await widget.log.evaluate((log) => log.getBoundingClientRect().right);
    expect(bubbleRight).toBeLessThanOrEqual(logRight);
    await table.evaluate((element) => {
      element.querySelector("td")!.textContent = "a plan whose name is far too long to fit in a bubble this narrow";
      element.querySelector("td")!.style.whiteSpace = "nowrap";
    });
    expect(await scroller.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    expect(await answer.locator(".bubble").evaluate((bubble) => bubble.getBoundingClientRect().right)).toBeLessThanOrEqual(logRight);
    const quote = answer.locator("blockquote");
    await expect(quote).toContainText("billed yearly");
    await expect(quote).toHaveCSS("border-inline-start-width", "3px");
    // The keyboard reaches the table's scroller, and the whole answer meets WCAG 2.1 AA.
    await scroller.focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => scroller.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
    expect(violations.map((violation) => violation.id)).toEqual([]);
    expect(pageProblems).toEqual([]);
  });
});
