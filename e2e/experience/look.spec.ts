import { execFileSync } from "node:child_process";
import type { Page } from "@playwright/test";
import { en } from "../../src/widget/locales/en.ts";
import { expect, fault, test } from "../support/fixtures.ts";

/** The script tag with a long title, served from the server's origin so the socket is allowed. */
const longTitlePage = (extra = "") => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>Look</title></head>
<body><main><h1>Look</h1></main>
<script src="/dist/cap-chat.js" data-messaging-url="/" data-connector-token="demo-connector-token"
  data-header-title="Harbour Supplies customer care" ${extra}></script></body></html>`;

/** What overflows: the page sideways, the panel or the log sideways, any header text cut off or out of its header. */
function overflow(page: Page) {
  return page.evaluate(() => {
    const root = document.querySelector("cap-chat-host")!.shadowRoot!;
    const problems: string[] = [];
    const viewport = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > viewport) problems.push(`page ${document.documentElement.scrollWidth} > ${viewport}`);
    for (const part of ["panel", "log"]) {
      const element = root.querySelector(`[part~="${part}"]`)!;
      const box = element.getBoundingClientRect();
      if (element.scrollWidth > element.clientWidth) problems.push(`${part} scrolls sideways`);
      if (box.left < 0 || box.right > viewport) problems.push(`${part} leaves the viewport`);
    }
    const header = root.querySelector('[part~="header"]')!;
    const headerBox = header.getBoundingClientRect();
    for (const element of header.querySelectorAll("h2, p, span")) {
      const box = element.getBoundingClientRect();
      if (element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight)
        problems.push(`"${element.textContent}" is clipped`);
      if (box.left < headerBox.left || box.right > headerBox.right) problems.push(`"${element.textContent}" leaves the header`);
    }
    return problems;
  });
}

/**
 * Whether a face the font stack names is installed where fontconfig decides (Linux); elsewhere the
 * platform's own UI face leads the stack.
 */
function hasFaceOfTheStack(): boolean {
  try {
    return /Liberation Sans|Arial|Roboto|Noto Sans|Ubuntu|Cantarell|Helvetica/.test(
      execFileSync("fc-list", [":", "family"], { encoding: "utf8" }),
    );
  } catch {
    return true;
  }
}

test.describe("the look, in real Chromium", () => {
  for (const width of [320, 390, 1280]) {
    test(`no sideways overflow and no clipped header text at ${width} px, connected and ended`, async ({ page, widget }) => {
      await page.setViewportSize({ width, height: 760 });
      await page.goto("/index.html");
      await page.setContent(longTitlePage());
      await widget.open();
      await widget.expectGreeting();
      await widget.send("markdown");
      await expect(widget.agentMessages.last().locator("pre")).toBeVisible();
      await expect(page.locator('[part~="header"]')).toContainText("Cap Demo Assistant · Online");
      expect(await overflow(page)).toEqual([]);
      await widget.send("goodbye");
      await expect(page.locator('[part~="status"]')).toHaveText(en.status.ended);
      await expect(page.locator('[part~="header"]')).not.toContainText("Online");
      expect(await overflow(page)).toEqual([]);
    });
  }

  test("text uses a proper system face, never the DejaVu fallback of a bare Linux", async ({ page, widget }) => {
    test.skip(!hasFaceOfTheStack(), "this machine has none of the faces the stack names");
    await widget.startOn("/script-tag.html");
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("DOM.enable");
    await cdp.send("CSS.enable");
    await cdp.send("DOM.getDocument", { depth: 0 });
    const faces: string[] = [];
    for (const selector of ['[part~="message-agent"] .bubble p', '[part~="header"] h2']) {
      const { result } = await cdp.send("Runtime.evaluate", {
        expression: `document.querySelector("cap-chat-host").shadowRoot.querySelector(${JSON.stringify(selector)})`,
      });
      const { nodeId } = await cdp.send("DOM.requestNode", { objectId: result.objectId! });
      const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
      faces.push(...fonts.map((font) => font.familyName));
    }
    expect(faces.length).toBeGreaterThan(0);
    expect(faces.filter((face) => /dejavu/i.test(face))).toEqual([]);
  });

  test("inline code has a background, and full screen keeps content to a readable width", async ({ page, widget }) => {
    await page.goto("/index.html");
    await page.setContent(longTitlePage('data-mode="fullscreen"'));
    await widget.expectGreeting();
    await widget.send("markdown");
    const code = widget.agentMessages.last().locator("p code");
    await expect(code).toHaveText("inline code");
    expect(await code.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toMatch(/^(transparent|rgba\(0, 0, 0, 0\))$/);
    const widest = await page.evaluate(() => {
      const root = document.querySelector("cap-chat-host")!.shadowRoot!;
      const boxes = [...root.querySelectorAll('[part~="message"], [part~="input"]')].map((element) => element.getBoundingClientRect());
      return { width: Math.max(...boxes.map((box) => box.width)), left: Math.min(...boxes.map((box) => box.left)) };
    });
    expect(widest.width).toBeLessThanOrEqual(720);
    expect(widest.left).toBeGreaterThan(200);
  });

  test("the focused input shows a light ring in place of its border, not a heavy outline on top of it", async ({ widget }) => {
    await widget.startOn("/script-tag.html");
    await expect(widget.input).toBeFocused();
    await expect(widget.input).toHaveCSS("outline-color", "rgba(0, 0, 0, 0)");
    await expect(widget.input).toHaveCSS("box-shadow", /0px 0px 0px 1px$/);
  });

  test("motion stops when the reader asks for less of it", async ({ page, widget }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await widget.startOn("/script-tag.html");
    await expect(widget.panel).toHaveCSS("transition-duration", "0s");
    await expect(widget.agentMessages.first()).toHaveCSS("animation-name", "none");
  });

  test("the panel fades and rises in, and its messages ease in", async ({ widget }) => {
    await widget.startOn("/script-tag.html");
    await expect(widget.panel).toHaveCSS("transition-property", /opacity.*transform/);
    await expect(widget.agentMessages.first()).toHaveCSS("animation-name", "cap-chat-in");
  });

  test("on a touch screen, opening the panel focuses the panel and leaves the keyboard down", async ({ browser, serverUrl }) => {
    const context = await browser.newContext({ baseURL: serverUrl, viewport: { width: 390, height: 760 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto("/script-tag.html");
    await page.locator('[part~="launcher"]').tap();
    await expect(page.locator('[part~="panel"]')).toBeFocused();
    await expect(page.getByRole("textbox", { name: "Message" })).not.toBeFocused();
    await context.close();
  });

  test("a Chat API conversation shows the configured name, a drawn avatar, and Markdown images", async ({ page, widget, serverUrl }) => {
    await fault(serverUrl, "refuseUpgrades", { refuse: true });
    await page.goto("/script-tag.html");
    await widget.open();
    await expect(widget.agentMessages.first()).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('[part~="status"]')).toHaveText(en.status.fallback);
    await widget.send("Send an image");
    const image = widget.agentMessages.last().locator(".bubble img");
    await expect(image).toHaveAttribute("alt", "Harbour at dusk");
    await expect(image).toHaveAttribute("loading", "lazy");
    await expect(widget.agentMessages.last()).not.toContainText("!");
    const authors = await page.locator("[data-message-id] .author").allTextContents();
    expect(authors.length).toBeGreaterThan(0);
    expect(
      authors.every((author) => author === "Cap demo"),
      authors.join(", "),
    ).toBe(true);
    await expect(page.locator('[part~="panel"]')).not.toContainText("•");
    await widget.send("I want a human");
    await expect(page.getByText(en.handoff.over)).toBeVisible();
    await expect(page.locator('[part~="log"]')).not.toContainText(en.endReasons.REASON_NATURAL_END);
    await expect(widget.input).toBeDisabled();
  });
});
