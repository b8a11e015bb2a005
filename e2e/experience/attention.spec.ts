import type { BrowserContext, Page } from "@playwright/test";
import { deliveries, recordedWidgetEvents, recordWidgetEvents } from "../support/delivery-table.ts";
import { ChatWidget, expect, test } from "../support/fixtures.ts";

interface AttentionWindow {
  setPageHidden(hidden: boolean): void;
  attention: { tones: number; notifications: string[]; permissionRequests: number };
}

/**
 * Stand-ins a page gets before its own scripts: whether the page is hidden, as switching tabs would set it
 * (headless pages never are), Web Audio that counts the tones started, and browser notifications that
 * record what was shown and how often permission was asked (granted when asked, for every tab of the site).
 */
function installAttentionStandIns(): void {
  const record = window as unknown as AttentionWindow;
  record.attention = { tones: 0, notifications: [], permissionRequests: 0 };
  let hidden = false;
  Object.defineProperty(Document.prototype, "hidden", { configurable: true, get: () => hidden });
  Object.defineProperty(Document.prototype, "visibilityState", { configurable: true, get: () => (hidden ? "hidden" : "visible") });
  Document.prototype.hasFocus = () => !hidden;
  record.setPageHidden = (value) => {
    hidden = value;
    document.dispatchEvent(new Event("visibilitychange"));
  };
  const node = () => ({ connect: (next: unknown) => next });
  (window as unknown as { AudioContext: unknown }).AudioContext = class {
    currentTime = 0;
    destination = {};
    resume = () => Promise.resolve();
    createGain = () => ({ ...node(), gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} } });
    createOscillator = () => ({ ...node(), frequency: { setValueAtTime() {} }, start: () => void record.attention.tones++, stop() {} });
  };
  // A browser's permission belongs to the site, the same in all its tabs.
  const permissionKey = "attention-stand-in:permission";
  (window as unknown as { Notification: unknown }).Notification = class {
    static get permission() {
      return localStorage.getItem(permissionKey) ?? "default";
    }
    static requestPermission() {
      record.attention.permissionRequests++;
      localStorage.setItem(permissionKey, "granted");
      return Promise.resolve("granted");
    }
    onclick = null;
    constructor(title: string, options: { body?: string }) {
      record.attention.notifications.push(`${title}: ${options.body ?? ""}`);
    }
    close() {}
  };
}

const setHidden = (page: Page, hidden: boolean) =>
  page.evaluate((value) => (window as unknown as AttentionWindow).setPageHidden(value), hidden);
const attentionOf = (page: Page) => page.evaluate(() => (window as unknown as AttentionWindow).attention);
const replies = (widget: ChatWidget) => widget.page.locator('[part~="message-agent"], [part~="message-live-agent"]');

/**
 * Opens the element page in a second tab of `context` with the first tab's `sessionStorage`, so both show
 * one conversation on one session (as a duplicated tab does), with the `notify` mode of the first.
 */
async function secondTab(context: BrowserContext, first: Page, notify: string): Promise<ChatWidget> {
  const stored = await first.evaluate(() => JSON.stringify(Object.entries(sessionStorage)));
  const page = await context.newPage();
  await page.addInitScript((entries) => {
    for (const [key, value] of JSON.parse(entries) as [string, string][]) sessionStorage.setItem(key, value);
  }, stored);
  await page.goto("/element.html");
  await page.evaluate((mode) => document.querySelector("cap-chat")?.setAttribute("notify", mode), notify);
  const widget = new ChatWidget(page);
  await widget.expectGreeting();
  return widget;
}

/** Opens the element page with `notify`, opens the panel and waits for the greeting. */
async function firstTab(widget: ChatWidget, notify: string): Promise<void> {
  await widget.page.goto("/element.html");
  await widget.page.evaluate((mode) => document.querySelector("cap-chat")?.setAttribute("notify", mode), notify);
  await widget.open();
  await widget.expectGreeting();
}

test.describe("telling a visitor who looks away", () => {
  test.beforeEach(async ({ context }) => {
    await context.addInitScript(installAttentionStandIns);
  });

  for (const delivery of deliveries) {
    test(`a hidden page carries the unseen replies in its title, and gets its own title back exactly (${delivery.name})`, async ({
      page,
      widget,
      pageProblems,
    }) => {
      await widget.startOn(delivery.path);
      const title = await page.title();
      await recordWidgetEvents(page, delivery, "cap-chat:unread");
      const before = await replies(widget).count();
      await setHidden(page, true);
      await widget.send("I want a human");
      await expect(widget.liveAgentMessages).toHaveCount(1);
      const unseen = (await replies(widget).count()) - before;
      expect(unseen).toBeGreaterThanOrEqual(2);
      await expect(page).toHaveTitle(`(${unseen}) ${title}`);
      expect((await recordedWidgetEvents(page, "cap-chat:unread")).at(-1)).toEqual({ count: unseen });
      await setHidden(page, false);
      await expect(page).toHaveTitle(title);
      expect((await recordedWidgetEvents(page, "cap-chat:unread")).at(-1)).toEqual({ count: 0 });
      expect(pageProblems).toEqual([]);
    });
  }

  test("two tabs of one conversation play one tone per reply between them, and none for what the visitor reads", async ({
    context,
    page,
    widget,
    pageProblems,
  }) => {
    await firstTab(widget, "sound");
    const other = await secondTab(context, page, "sound");
    await Promise.all([setHidden(page, true), setHidden(other.page, true)]);
    const before = await replies(widget).count();
    await widget.send("I want a human");
    await expect(widget.liveAgentMessages).toHaveCount(1);
    await expect(other.liveAgentMessages).toHaveCount(1);
    const unseen = (await replies(widget).count()) - before;
    const tones = async () => (await attentionOf(page)).tones + (await attentionOf(other.page)).tones;
    await expect.poll(tones).toBe(unseen);
    // Read in the first tab: the replies it shows come with no tone, in either tab, and both counts clear.
    await setHidden(page, false);
    await expect(other.page).toHaveTitle(/^cap-chat/);
    await widget.send("Thanks, one more question");
    await expect(widget.liveAgentMessages).toHaveCount(2);
    await expect(other.liveAgentMessages).toHaveCount(2);
    await page.waitForTimeout(1000);
    expect(await tones()).toBe(unseen);
    expect(pageProblems).toEqual([]);
  });

  test("a notification comes once per live agent reply in a browser of two tabs, and permission only after the visitor's yes", async ({
    context,
    page,
    widget,
    pageProblems,
  }) => {
    await firstTab(widget, "system");
    const other = await secondTab(context, page, "system");
    await widget.send("I want a human");
    const offer = page.getByRole("button", { name: "Notify me" });
    await expect(offer).toBeVisible();
    expect([(await attentionOf(page)).permissionRequests, (await attentionOf(other.page)).permissionRequests]).toEqual([0, 0]);
    await offer.click();
    await expect(offer).toBeHidden();
    expect((await attentionOf(page)).permissionRequests).toBe(1);
    await expect(widget.liveAgentMessages).toHaveCount(1);
    await Promise.all([setHidden(page, true), setHidden(other.page, true)]);
    await widget.send("Where is my parcel?");
    await expect(widget.liveAgentMessages).toHaveCount(2);
    await expect(other.liveAgentMessages).toHaveCount(2);
    const shown = async () => [...(await attentionOf(page)).notifications, ...(await attentionOf(other.page)).notifications];
    await expect.poll(async () => (await shown()).length).toBe(1);
    await page.waitForTimeout(1000);
    expect(await shown()).toHaveLength(1);
    expect((await attentionOf(other.page)).permissionRequests).toBe(0);
    expect(pageProblems).toEqual([]);
  });
});
