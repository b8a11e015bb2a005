import { expect, test } from "../support/fixtures.ts";

test.describe("living in the host page", () => {
  test("the strict-CSP page runs the widget with no policy violation and no console error", async ({ page, widget, pageProblems }) => {
    await page.addInitScript(() => {
      const record = window as unknown as { violations: string[] };
      record.violations = [];
      document.addEventListener("securitypolicyviolation", (event) => {
        record.violations.push(`${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    const response = await page.goto("/strict-csp.html");
    expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'");
    await widget.open();
    await widget.expectGreeting();
    await widget.send("markdown");
    await expect(widget.agentMessages.last()).toContainText("inline code");
    await widget.send("Send an image");
    // The attachment's image, not the author's avatar beside it.
    await expect(widget.agentMessages.last().locator('[part~="attachment"] img')).toBeVisible();
    // The widget is styled, so its constructable stylesheet applied under the policy.
    await expect(widget.launcher).toHaveCSS("position", "fixed");
    // Ending, and the conversation's file made in the page, break no rule either.
    await widget.endConversation();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download the conversation" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.txt$/);
    const violations = await page.evaluate(() => (window as unknown as { violations: string[] }).violations);
    expect(violations).toEqual([]);
    expect(pageProblems).toEqual([]);
  });

  test("keyboard only: Tab reaches the launcher, Enter opens, Enter sends, Escape closes back to the launcher", async ({
    page,
    widget,
  }) => {
    await page.goto("/strict-csp.html");
    await expect(widget.launcher).toBeVisible();
    let reached = false;
    for (let presses = 0; presses < 20 && !reached; presses += 1) {
      await page.keyboard.press("Tab");
      reached = await widget.launcher.evaluate((launcher) => (launcher.getRootNode() as ShadowRoot).activeElement === launcher);
    }
    expect(reached, "Tab reaches the launcher").toBe(true);
    await page.keyboard.press("Enter");
    await expect(widget.input).toBeFocused();
    await page.keyboard.type("Typed with the keyboard");
    await page.keyboard.press("Enter");
    await expect(widget.userMessages.last()).toContainText("Typed with the keyboard");
    await expect(widget.userMessages.last()).toHaveAttribute("data-status", "sent");
    await expect(widget.input).toHaveValue("");
    await page.keyboard.press("Escape");
    await expect(widget.panel).toBeHidden();
    await expect(widget.launcher).toBeFocused();
    await expect(page.getByRole("button", { name: "Open chat" })).toBeVisible();
  });

  test("commands queued by the stub before the script loads run in order once it has", async ({ page, widget }) => {
    // Written into a page of the server's origin (a page Playwright fulfils itself would not count as
    // loopback, and Chromium's local network checks would then block the socket).
    const queuedPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Queued</title></head>
<body><main><h1>Queued commands</h1></main>
<script>window.CapChat=window.CapChat||function(){(window.CapChat.q=window.CapChat.q||[]).push(arguments)};</script>
<script>
  CapChat("boot", { messagingUrl: location.origin, connectorToken: "demo-connector-token", headerTitle: "Queued" });
  CapChat("open");
  CapChat("send", "Sent before the script loaded");
</script>
<script src="/dist/cap-chat.js"></script>
</body></html>`;
    // Holds the bundle back so that the queued calls certainly precede it.
    await page.route("**/dist/cap-chat.js", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      await route.continue();
    });
    await page.goto("/index.html");
    await page.setContent(queuedPage);
    await expect(widget.input).toBeVisible();
    await expect(widget.userMessages.first()).toContainText("Sent before the script loaded");
    await expect(widget.userMessages.first()).toHaveAttribute("data-status", "sent");
    await expect(page.getByRole("heading", { name: "Queued", exact: true })).toBeVisible();
    await expect(widget.agentMessages.last()).toContainText("demo agent");
  });
});

test("the demo index links every demo page and lists every trigger phrase of the demo agent", async ({ page }) => {
  const { TRIGGER_PHRASES } = await import("../../demo/server/index.ts");
  await page.goto("/");
  for (const name of ["Script tag", "Custom element", "Single-page app", "Strict Content Security Policy"]) {
    const link = page.getByRole("link", { name, exact: true });
    const response = await page.request.get((await link.getAttribute("href")) as string);
    expect(response.status(), name).toBe(200);
  }
  const listed = await page.locator("table code").allInnerTexts();
  for (const trigger of TRIGGER_PHRASES) {
    for (const phrase of trigger.phrases) expect(listed, `trigger "${phrase}"`).toContain(phrase);
  }
});
