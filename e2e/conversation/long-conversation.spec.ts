import { expect, test } from "../support/fixtures.ts";

interface InjectingWindow {
  /** Delivers frames on the page's newest open socket as if the server had sent them. */
  deliverFrames(frames: string[]): void;
}

/** Keeps the page's sockets, so a test can hand the widget frames the reference server did not send. */
function recordSockets(): void {
  const sockets: WebSocket[] = [];
  const Native = WebSocket;
  window.WebSocket = class extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      sockets.push(this);
    }
  };
  (window as unknown as InjectingWindow).deliverFrames = (frames) => {
    const socket = sockets.filter((candidate) => candidate.readyState === Native.OPEN).at(-1);
    if (!socket) throw new Error("no open socket");
    for (const data of frames) socket.dispatchEvent(new MessageEvent("message", { data }));
  };
}

const count = 2000;

/** `count` agent messages, a few lines of Markdown each, as one batch frame, numbered after `sequence`. */
function longHistory(sequence: number): string {
  const events = Array.from({ length: count }, (_, index) => ({
    type: "EVENT_TYPE_SERVICE_AGENT_MESSAGE",
    id: `long-${index}-event`,
    sequence: sequence + index + 1,
    timestamp: new Date(Date.now() - (count - index) * 1000).toISOString(),
    payload: {
      message_id: `long-${index}`,
      text: `Answer **${index}**: the parcel left the warehouse.\n\n- tracked\n- insured`,
      attachments: [],
      response_suggestions: [],
    },
  }));
  return JSON.stringify({ type: "EVENT_TYPE_EVENT_BATCH", id: "long-batch", sequence: null, payload: { events } });
}

test.describe("a conversation of 2,000 messages", () => {
  test("opens at its end, scrolls to its start, and is all there for a screen reader", async ({ page, widget, pageProblems }) => {
    test.setTimeout(90_000);
    await page.addInitScript(recordSockets);
    await widget.startOn("/element.html");
    await page.evaluate((frame) => (window as unknown as InjectingWindow).deliverFrames([frame]), longHistory(10_000));
    // Rendering 2,000 Markdown messages at once takes a while on a busy machine; opening is what must be quick.
    await expect(page.locator("[data-message-id=long-1999]")).toBeVisible({ timeout: 30_000 });
    await page.getByRole("button", { name: "Close chat" }).click();
    await widget.open();
    await expect(page.locator("[data-message-id=long-1999]")).toBeInViewport();

    // The oldest messages are laid out only near the view, yet a screen reader finds them in the log.
    const first = page.locator("[data-message-id=long-0]");
    await expect.poll(() => first.evaluate((element) => element.checkVisibility({ contentVisibilityAuto: true }))).toBe(false);
    const cdp = await page.context().newCDPSession(page);
    const { nodes } = await cdp.send("Accessibility.getFullAXTree");
    const names = nodes.map((node) => String(node.name?.value ?? ""));
    expect(names.some((name) => name.includes("Answer 0:"))).toBe(true);

    await widget.log.evaluate((log) => (log.scrollTop = 0));
    await expect(first).toBeInViewport();
    expect(pageProblems).toEqual([]);
  });
});
