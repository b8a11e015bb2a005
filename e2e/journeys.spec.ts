import {
  greeting,
  liveAgentFarewell,
  liveAgentGreeting,
  liveAgentProfile,
  longReply,
} from "../demo/server/agent/replies.ts";
import { en } from "../src/widget/locales/en.ts";
import { expect, fault, sessionIdOf, test } from "./fixtures.ts";

test.describe("conversation journeys", () => {
  test("choosing a suggestion sends its text and the agent answers it", async ({ page, widget }) => {
    await page.goto("/script-tag.html");
    await widget.open();
    await widget.expectGreeting();
    await expect(widget.suggestions).toHaveText(greeting("en").suggestions as string[]);
    await page.getByRole("button", { name: "Show me Markdown" }).click();
    await expect(widget.userMessages.last()).toContainText("Show me Markdown");
    await expect(widget.agentMessages.last().locator("strong")).toHaveText("bold");
    await expect(widget.agentMessages.last().locator("code").first()).toHaveText("inline code");
  });

  test("a server-managed handoff goes through the queue to a live agent and ends", async ({ page, widget }) => {
    await page.goto("/element.html");
    await widget.open();
    await widget.expectGreeting();
    // Records every handoff phase the page is told about, and every text the banner shows.
    await page.evaluate(() => {
      const record = window as unknown as { phases: string[]; bannerTexts: string[] };
      record.phases = [];
      record.bannerTexts = [];
      document.addEventListener("cap-chat:handoff", (event) => {
        record.phases.push((event as CustomEvent<{ phase: string }>).detail.phase);
      });
      const root = document.querySelector("cap-chat")?.shadowRoot;
      if (!root) throw new Error("no shadow root");
      new MutationObserver(() => {
        const text = root.querySelector('[part~="handoff"]')?.textContent ?? "";
        if (text && record.bannerTexts.at(-1) !== text) record.bannerTexts.push(text);
      }).observe(root, { subtree: true, childList: true, characterData: true });
    });
    await widget.send("I want a human");
    await expect(widget.handoffBanner).toContainText(en.handoff.liveAgentJoined(liveAgentProfile.name));
    await expect(widget.liveAgentMessages.first()).toContainText(liveAgentGreeting().text);
    await widget.send("My order is late");
    await expect(widget.liveAgentMessages.last()).toContainText('noted "My order is late"');
    await widget.send("bye");
    await expect(widget.liveAgentMessages.last()).toContainText(liveAgentFarewell().text);
    await expect(page.getByText(en.endReasons.REASON_NATURAL_END)).toBeVisible();
    await expect(widget.input).toBeDisabled();
    const { phases, bannerTexts } = await page.evaluate(() => {
      const record = window as unknown as { phases: string[]; bannerTexts: string[] };
      return { phases: record.phases, bannerTexts: record.bannerTexts };
    });
    expect(phases.filter((phase, index) => phases.indexOf(phase) === index)).toEqual([
      "triggered",
      "accepted",
      "queued",
      "live-agent",
      "live-agent-left",
    ]);
    // The banner showed the queue, then the live agent, then that the live agent left.
    const shown = bannerTexts.join(" | ");
    const queued = bannerTexts.findIndex((text) => /queue/i.test(text));
    const joined = bannerTexts.indexOf(en.handoff.liveAgentJoined(liveAgentProfile.name));
    const left = bannerTexts.indexOf(en.handoff.liveAgentLeft);
    expect(queued, shown).toBeGreaterThanOrEqual(0);
    expect(joined, shown).toBeGreaterThan(queued);
    expect(left, shown).toBeGreaterThan(joined);
  });

  test("a client-managed handoff fires cap-chat:handoff-required on the page", async ({ page, widget }) => {
    await page.goto("/script-tag.html");
    await page.evaluate(() => {
      window.CapChat?.("on", "handoff-required", (detail: unknown) => {
        (window as unknown as { handoffDetail: unknown }).handoffDetail = detail;
      });
    });
    await widget.open();
    await widget.expectGreeting();
    await widget.send("Can I get a phone callback?");
    await expect(page.getByRole("heading", { name: "Talk to us by phone" })).toBeVisible();
    await expect(page.locator("#site-handoff-queue")).toHaveText("phone-callback");
    const detail = await page.evaluate(() => (window as unknown as { handoffDetail: unknown }).handoffDetail);
    expect(detail).toMatchObject({ queueName: "phone-callback", reason: "COMPLEX_QUERY" });
    await expect(widget.handoffBanner).toContainText(en.handoff.clientRequired);
  });

  test("ending the conversation, then starting a new one, greets again in a new session", async ({ page, widget }) => {
    await page.goto("/spa.html");
    await widget.open();
    await widget.expectGreeting();
    await widget.send("hello there");
    await page.getByRole("button", { name: en.endConversation }).click();
    await expect(page.getByText(en.endReasons.REASON_USER_END)).toBeVisible();
    await page.getByRole("button", { name: en.newConversation }).click();
    await expect(widget.userMessages).toHaveCount(0);
    await widget.expectGreeting();
    await widget.send("second conversation");
    await expect(widget.userMessages).toHaveCount(1);
  });

  test("a reload in the middle of a conversation restores the transcript", async ({ page, widget }) => {
    await page.goto("/script-tag.html");
    await widget.open();
    await widget.expectGreeting();
    await widget.send("Show me an image");
    await expect(widget.agentMessages.last()).toContainText("harbour at dusk");
    await page.reload();
    await widget.open();
    await expect(widget.userMessages).toHaveCount(1);
    await expect(widget.userMessages.first()).toContainText("Show me an image");
    await expect(widget.agentMessages.last()).toContainText("harbour at dusk");
    await expect(widget.agentMessages.filter({ hasText: "Ask me anything" })).toHaveCount(1);
  });

  test("a socket dropped in the middle of a stream reconnects and completes the answer once", async ({
    page,
    widget,
    serverUrl,
  }) => {
    const sessionId = sessionIdOf(page);
    let sockets = 0;
    page.on("websocket", () => (sockets += 1));
    await page.goto("/element.html");
    await widget.open();
    await widget.expectGreeting();
    await fault(serverUrl, "dropSocketsAfter", { sessionId: await sessionId, liveEvents: 6 });
    await widget.input.fill("something long please");
    await widget.sendButton.click();
    const answer = widget.agentMessages.nth(1);
    const paragraphs = longReply().text.split("\n\n");
    await expect(answer).toContainText(paragraphs.at(-1) as string, { timeout: 15_000 });
    const text = (await answer.innerText()).replace(/\s+/g, " ");
    for (const paragraph of paragraphs) expect(text.split(paragraph).length - 1).toBe(1);
    expect(sockets).toBeGreaterThanOrEqual(2);
    await expect(widget.userMessages).toHaveCount(1);
    await expect(widget.agentMessages).toHaveCount(2);
  });

  test("with WebSocket upgrades refused, the conversation continues over the Chat API", async ({
    page,
    widget,
    serverUrl,
  }) => {
    await fault(serverUrl, "refuseUpgrades", { refuse: true });
    const chatCalls: string[] = [];
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith("/v1/")) chatCalls.push(path.split("/").at(-1) as string);
    });
    await page.goto("/script-tag.html");
    await widget.open();
    await expect(widget.agentMessages.first()).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('[part~="status"]')).toContainText(en.status.fallback);
    await widget.input.fill("Tell me something long");
    await widget.sendButton.click();
    await expect(widget.agentMessages.last()).toContainText(longReply().text.split("\n\n").at(-1) as string);
    expect(chatCalls).toContain("create");
    expect(chatCalls).toContain("respond");
  });
});
