import type { Page } from "@playwright/test";
import { deliveries, type Delivery } from "../support/delivery-table.ts";
import { expect, test } from "../support/fixtures.ts";

/** Rules a real site was seen to have, each of which once moved or buried the launcher. */
const hostileRules = {
  "body>div{position:relative;z-index:1}": "body>div{position:relative;z-index:1}",
  "body>*{transform:translateZ(0)}": "body>*{transform:translateZ(0)}",
};

/** A cookie bar along the bottom of the page, above everything but the chat. */
const cookieBar = `#cookie-bar{position:fixed;inset:auto 0 0 0;height:140px;z-index:1000;background:#222}`;

/** The launcher's and the panel's boxes, and what the page shows at the launcher's centre. */
function placement(page: Page, host: string) {
  return page.evaluate((host) => {
    const root = document.querySelector(host)!.shadowRoot!;
    const launcher = root.querySelector('[part~="launcher"]')!.getBoundingClientRect();
    const panel = root.querySelector('[part~="panel"]:not([hidden])')?.getBoundingClientRect() ?? null;
    const [x, y] = [launcher.x + launcher.width / 2, launcher.y + launcher.height / 2];
    const onTop = root.elementFromPoint(x, y);
    return {
      viewport: { width: innerWidth, height: innerHeight },
      launcher: { left: launcher.left, right: launcher.right, bottom: launcher.bottom },
      panel: panel && { top: panel.top, left: panel.left, right: panel.right, bottom: panel.bottom },
      launcherOnTop: document.elementFromPoint(x, y) === document.querySelector(host) && onTop?.closest('[part~="launcher"]') !== null,
    };
  }, host);
}

/** Whether the launcher rests at the bottom of the viewport on `side`, 20 px from its edges. */
async function expectLauncherOn(page: Page, host: string, side: "right" | "left"): Promise<void> {
  await expect
    .poll(async () => {
      const { viewport, launcher } = await placement(page, host);
      const gap = side === "right" ? viewport.width - launcher.right : launcher.left;
      return [Math.round(gap), Math.round(viewport.height - launcher.bottom)];
    })
    .toEqual([20, 20]);
}

test.describe("the site owns the launcher's place", () => {
  for (const delivery of deliveries) {
    for (const [name, rule] of Object.entries(hostileRules)) {
      test(`${delivery.name}: ${name} on the page neither buries nor moves the launcher and the panel`, async ({ page, widget }) => {
        await page.goto(delivery.path);
        await expect(widget.launcher).toBeVisible();
        await page.addStyleTag({ content: `${rule}${cookieBar}` });
        await page.evaluate(() => document.body.appendChild(Object.assign(document.createElement("div"), { id: "cookie-bar" })));
        await expectLauncherOn(page, delivery.host, "right");
        expect((await placement(page, delivery.host)).launcherOnTop, "the launcher is above the cookie bar").toBe(true);
        await widget.open();
        await widget.expectGreeting();
        // Away from the launcher, which grows under the pointer.
        await page.mouse.move(0, 0);
        const opened = await placement(page, delivery.host);
        expect(opened.launcherOnTop).toBe(true);
        expect(opened.panel!.top, "the panel's header is on screen").toBeGreaterThanOrEqual(0);
        expect(Math.round(opened.viewport.width - opened.panel!.right)).toBe(20);
        await expectLauncherOn(page, delivery.host, "right");
      });
    }
  }

  test("the script tag's floating host is a custom element, out of reach of generic div rules", async ({ page, widget }) => {
    await page.goto("/script-tag.html");
    await expect(widget.launcher).toBeVisible();
    const host = await page.evaluate(() => {
      const hosts = [...document.body.children].filter((element) => element.shadowRoot);
      return hosts.map((element) => element.localName);
    });
    expect(host).toHaveLength(1);
    expect(host[0]).toContain("-");
  });
});

test.describe("right to left mirrors the content, not the place", () => {
  test.use({ locale: "ar" });

  test("with an Arabic browser and no position, the launcher stays right before, after the first click, and after a reload", async ({
    page,
  }) => {
    const script = deliveries[0] as Delivery;
    await page.goto(script.path);
    const launcher = page.locator('[part~="launcher"]');
    await expect(launcher).toBeVisible();
    await expectLauncherOn(page, script.host, "right");
    await launcher.click();
    await expect(page.locator('[part~="message-agent"]').first()).toBeVisible();
    await expect(page.locator(".root")).toHaveAttribute("dir", "rtl");
    await page.mouse.move(0, 0);
    await expectLauncherOn(page, script.host, "right");
    const opened = await placement(page, script.host);
    expect(Math.round(opened.viewport.width - opened.panel!.right)).toBe(20);
    await page.reload();
    await expect(page.locator('[part~="message-agent"]').first()).toBeVisible();
    await expectLauncherOn(page, script.host, "right");
  });

  for (const delivery of deliveries) {
    test(`${delivery.name}: position left puts the launcher and the panel on the left in Arabic too`, async ({ page }) => {
      const launcher = page.locator('[part~="launcher"]');
      if (delivery.subscription === "command") {
        // The script tag reads its data- attributes at load: a page of the server's origin (so the socket is
        // allowed) that has not loaded the script yet.
        await page.goto("/index.html");
        await page.setContent(`<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Left</title></head>
<body><main><h1>Left</h1></main><script src="/dist/cap-chat.js" data-messaging-url="/" data-connector-token="demo-connector-token"
  data-position="left"></script></body></html>`);
      } else {
        await page.goto(delivery.path);
        await expect(launcher).toBeVisible();
        await page.evaluate(
          ({ subscription, host }) => {
            if (subscription === "document-event") return document.querySelector(host)!.setAttribute("position", "left");
            const demo = window as unknown as { capChatDemo: { controller: { update(options: object): void } } };
            demo.capChatDemo.controller.update({ position: "left" });
          },
          { subscription: delivery.subscription, host: delivery.host },
        );
      }
      await expect(launcher).toBeVisible();
      await expectLauncherOn(page, delivery.host, "left");
      await launcher.click();
      await expect(page.locator('[part~="message-agent"]').first()).toBeVisible();
      await page.mouse.move(0, 0);
      await expectLauncherOn(page, delivery.host, "left");
      const opened = await placement(page, delivery.host);
      expect(Math.round(opened.panel!.left)).toBe(20);
    });
  }
});
