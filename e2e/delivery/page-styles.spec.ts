import type { Page } from "@playwright/test";
import { deliveries } from "../support/delivery-table.ts";
import { expect, test } from "../support/fixtures.ts";

/** Page rules whose inherited properties would otherwise flow into the shadow tree through the host. */
const hostilePageStyles = {
  "inherited text styles on body":
    "body{text-align:center;text-transform:uppercase;font-style:italic;word-spacing:6px;white-space:nowrap;letter-spacing:3px}",
  "a reset of every property on every element": "*{all:unset !important}",
};

const textProperties = [
  "fontFamily",
  "fontSize",
  "fontStyle",
  "lineHeight",
  "textTransform",
  "textAlign",
  "wordSpacing",
  "letterSpacing",
  "whiteSpace",
  "color",
] as const;

/** The computed text style of the greeting bubble, the panel title and the input, inside the shadow root. */
function widgetTextStyles(page: Page, host: string) {
  return page.evaluate(
    ({ host, properties }) => {
      const root = document.querySelector(host)!.shadowRoot!;
      const read = (selector: string) => {
        const style = getComputedStyle(root.querySelector(selector)!);
        return Object.fromEntries(properties.map((property) => [property, (style as unknown as Record<string, string>)[property]]));
      };
      return { bubble: read('[part~="message-agent"] .bubble'), title: read('[part~="header"] h2'), input: read('[part~="input"]') };
    },
    { host, properties: textProperties as unknown as string[] },
  );
}

/** Whether every agent message lies inside the log's box, horizontally. */
function agentMessagesInsideLog(page: Page, host: string) {
  return page.evaluate((host) => {
    const root = document.querySelector(host)!.shadowRoot!;
    const log = root.querySelector('[part~="log"]')!.getBoundingClientRect();
    return [...root.querySelectorAll('[part~="message-agent"] .bubble')].every((bubble) => {
      const box = bubble.getBoundingClientRect();
      return box.left >= log.left && box.right <= log.right && bubble.scrollWidth <= bubble.clientWidth;
    });
  }, host);
}

test.describe("page styles stay outside the widget", () => {
  for (const delivery of deliveries) {
    for (const [description, css] of Object.entries(hostilePageStyles)) {
      test(`${delivery.name}: ${description} leaves the widget's text style unchanged`, async ({ page, widget }) => {
        await widget.startOn(delivery.path);
        const before = await widgetTextStyles(page, delivery.host);
        expect(before.bubble.textTransform).toBe("none");
        expect(before.bubble.textAlign).toBe("start");
        await page.addStyleTag({ content: css });
        await expect.poll(() => widgetTextStyles(page, delivery.host)).toEqual(before);
        expect(await agentMessagesInsideLog(page, delivery.host)).toBe(true);
      });
    }
  }

  test("a right-to-left locale still turns the widget's text direction under a page reset", async ({ page, widget }) => {
    await widget.startOn("/element.html");
    await page.addStyleTag({ content: hostilePageStyles["a reset of every property on every element"] });
    await page.locator("cap-chat").evaluate((element) => element.setAttribute("locale", "ar"));
    const direction = () =>
      page.locator("cap-chat").evaluate((element) => getComputedStyle(element.shadowRoot!.querySelector('[part~="log"]')!).direction);
    await expect.poll(direction).toBe("rtl");
  });
});
