import { greeting, liveAgentFarewell, liveAgentGreeting, liveAgentProfile } from "../../demo/server/agent/replies.ts";
import { en } from "../../src/widget/locales/en.ts";
import { fillTemplate } from "../../src/widget/locales/locale-strings.ts";
import { deliveries, recordedStory, recordedWidgetEvents, recordStory, recordWidgetEvents } from "../support/delivery-table.ts";
import { demoChatPath, expect, expectLongAnswerInFull, fault, sessionIdOf, siteSecrets, test } from "../support/fixtures.ts";

test.describe("conversation journeys, on each delivery", () => {
  for (const delivery of deliveries) {
    test(`the widget opens, greets, and streams an answer in full (${delivery.name})`, async ({ widget, pageProblems }) => {
      await widget.startOn(delivery.path);
      const before = await widget.agentMessages.count();
      await widget.send("Tell me something long");
      await expectLongAnswerInFull(widget.agentMessages.nth(before));
      expect(pageProblems).toEqual([]);
    });

    test(`choosing a suggestion sends its text and the agent answers it (${delivery.name})`, async ({ page, widget }) => {
      await widget.startOn(delivery.path);
      await expect(widget.suggestions).toHaveText(greeting("en").suggestions as string[]);
      await page.getByRole("button", { name: "Show me Markdown" }).click();
      await expect(widget.userMessages.last()).toContainText("Show me Markdown");
      await expect(widget.agentMessages.last().locator("strong")).toHaveText("bold");
      await expect(widget.agentMessages.last().locator("code").first()).toHaveText("inline code");
    });

    test(`a server-managed handoff goes through the queue to a live agent and ends (${delivery.name})`, async ({ page, widget }) => {
      await widget.startOn(delivery.path);
      await recordWidgetEvents(page, delivery, "cap-chat:handoff");
      await recordStory(page, delivery);
      await widget.send("I want a human");
      await expect(widget.handoffStory.last()).toHaveText(fillTemplate(en.handoff.liveAgentJoined, { name: liveAgentProfile.name }));
      await expect(page.locator('[part~="header"]')).toContainText(`${liveAgentProfile.name} · ${en.status.connected}`);
      await expect(widget.liveAgentMessages.first()).toContainText(liveAgentGreeting().text);
      await widget.send("My order is late");
      await expect(widget.liveAgentMessages.last()).toContainText('noted "My order is late"');
      await widget.send("bye");
      await expect(widget.liveAgentMessages.last()).toContainText(liveAgentFarewell().text);
      await expect(page.getByText(en.endReasons.REASON_NATURAL_END)).toBeVisible();
      await expect(widget.input).toBeDisabled();
      const phases = (await recordedWidgetEvents(page, "cap-chat:handoff")).map((detail) => (detail as { phase: string }).phase);
      expect(phases.filter((phase, index) => phases.indexOf(phase) === index)).toEqual([
        "triggered",
        "accepted",
        "queued",
        "live-agent",
        "live-agent-left",
      ]);
      // The transcript told the queue in one row updated in place, then who joined, then who left.
      const story = await recordedStory(page);
      const shown = story.texts.join(" | ");
      const queued = story.texts.findIndex((text) => /queue/i.test(text));
      const joined = story.texts.indexOf(fillTemplate(en.handoff.liveAgentJoined, { name: liveAgentProfile.name }));
      const left = story.texts.indexOf(fillTemplate(en.handoff.liveAgentLeft, { name: liveAgentProfile.name }));
      expect(queued, shown).toBeGreaterThanOrEqual(0);
      expect(joined, shown).toBeGreaterThan(queued);
      expect(left, shown).toBeGreaterThan(joined);
      expect(story.mostRows, shown).toBeLessThanOrEqual(2);
      await expect(widget.handoffStory).toHaveText([
        fillTemplate(en.handoff.liveAgentJoined, { name: liveAgentProfile.name }),
        fillTemplate(en.handoff.liveAgentLeft, { name: liveAgentProfile.name }),
      ]);
      await expect(page.locator('[part~="header"] p')).toHaveText(en.status.ended);
    });

    test(`a client-managed handoff fires cap-chat:handoff-required on the page, whose answer shows in the panel (${delivery.name})`, async ({
      page,
      widget,
    }) => {
      await page.goto(delivery.path);
      await recordWidgetEvents(page, delivery, "cap-chat:handoff-required");
      await widget.open();
      await widget.expectGreeting();
      await widget.send("Can I get a phone callback?");
      await expect.poll(() => recordedWidgetEvents(page, "cap-chat:handoff-required")).toHaveLength(1);
      const [detail] = await recordedWidgetEvents(page, "cap-chat:handoff-required");
      expect(detail).toMatchObject({ queueName: "phone-callback", reason: "COMPLEX_QUERY" });
      if (delivery.handoffAnswer) {
        await expect(widget.handoffStory).toContainText(delivery.handoffAnswer.text);
        await expect(widget.handoffStory.getByRole("link", { name: delivery.handoffAnswer.label })).toHaveAttribute(
          "href",
          "tel:+15550100",
        );
      } else {
        await expect(widget.handoffStory).toHaveText(`${en.handoff.reasons.COMPLEX_QUERY} ${en.handoff.clientRequired}`);
      }
      await expect(widget.panel).not.toContainText(/connecting you/i);
    });

    test(`ending the conversation, then starting a new one, greets again in a new session (${delivery.name})`, async ({ page, widget }) => {
      const sessionIds: string[] = [];
      page.on("websocket", (socket) => {
        const sessionId = new URL(socket.url()).searchParams.get("session_id");
        if (sessionId && !sessionIds.includes(sessionId)) sessionIds.push(sessionId);
      });
      await widget.startOn(delivery.path);
      await widget.send("hello there");
      await widget.endConversation();
      await expect(page.getByText(en.endReasons.REASON_USER_END)).toBeVisible();
      await page.getByRole("button", { name: en.newConversation }).click();
      await expect(widget.userMessages).toHaveCount(0);
      await widget.expectGreeting();
      await widget.send("second conversation");
      await expect(widget.userMessages).toHaveCount(1);
      expect(sessionIds).toHaveLength(2);
    });

    test(`a reload in the middle of a conversation restores the transcript (${delivery.name})`, async ({ page, widget, platform }) => {
      await widget.startOn(delivery.path);
      await widget.send("Show me an image");
      await expect(widget.agentMessages.last()).toContainText("harbour at dusk");
      await page.getByRole("button", { name: "Close chat" }).click();
      await page.reload();
      if (platform === "all-variants") {
        // Tokens there open only the session that created them, and a reload gets a fresh token (the token
        // is never stored): the platform refuses the old session, so a new one starts at once, and says so.
        await widget.open();
        await expect(widget.notices.filter({ hasText: "could not be continued" })).toBeVisible();
        await widget.expectGreeting();
        await widget.send("Show me an image");
        await expect(widget.agentMessages.last()).toContainText("harbour at dusk");
        return;
      }
      // The replayed history fills the closed panel, but none of it is new: no unread count.
      await expect(widget.launcher).toHaveAttribute("aria-expanded", "false");
      await expect(widget.agentMessages.last()).toContainText("harbour at dusk");
      await expect(widget.launcher).not.toHaveAttribute("aria-describedby");
      await widget.open();
      await expect(widget.userMessages).toHaveCount(1);
      await expect(widget.userMessages.first()).toContainText("Show me an image");
      await expect(widget.agentMessages.last()).toContainText("harbour at dusk");
      await expect(widget.agentMessages.filter({ hasText: "Ask me anything" })).toHaveCount(1);
    });

    test(`a socket dropped in the middle of a stream reconnects and completes the answer once (${delivery.name})`, async ({
      page,
      widget,
      serverUrl,
    }) => {
      const sessionId = sessionIdOf(page);
      let sockets = 0;
      page.on("websocket", () => (sockets += 1));
      await widget.startOn(delivery.path);
      await fault(serverUrl, "dropSocketsAfter", { sessionId: await sessionId, liveEvents: 6 });
      await widget.input.fill("something long please");
      await widget.sendButton.click();
      await expectLongAnswerInFull(widget.agentMessages.nth(1), { timeout: 15_000 });
      expect(sockets).toBeGreaterThanOrEqual(2);
      await expect(widget.userMessages).toHaveCount(1);
      await expect(widget.agentMessages).toHaveCount(2);
    });

    test(`with WebSocket upgrades refused, the conversation continues over the Chat API (${delivery.name})`, async ({
      page,
      widget,
      serverUrl,
    }) => {
      await fault(serverUrl, "refuseUpgrades", { refuse: true });
      const chatCalls: string[] = [];
      const traffic: string[] = [];
      page.on("request", (request) => {
        const path = new URL(request.url()).pathname;
        if (path.startsWith(`${demoChatPath}/`)) chatCalls.push(path.split("/").at(-1) as string);
        traffic.push(request.url(), JSON.stringify(request.headers()), request.postData() ?? "");
      });
      page.on("response", (response) => traffic.push(JSON.stringify(response.headers())));
      await page.goto(delivery.path);
      await widget.open();
      await expect(widget.agentMessages.first()).toBeVisible({ timeout: 20_000 });
      await expect(page.locator('[part~="status"]')).toContainText(en.status.fallback);
      await widget.input.fill("Tell me something long");
      await widget.sendButton.click();
      await expectLongAnswerInFull(widget.agentMessages.last());
      expect(chatCalls).toContain("create");
      expect(chatCalls).toContain("respond");
      // The fallback ran through the site's companion: no key of the site is anywhere the page can reach.
      const reachable = await page.evaluate(() => {
        const markup = (root: Document | ShadowRoot): string =>
          [...root.querySelectorAll("*")].map((element) => (element.shadowRoot ? markup(element.shadowRoot) : "")).join("") +
          (root instanceof Document ? root.documentElement.outerHTML : [...root.children].map((child) => child.outerHTML).join(""));
        return [markup(document), JSON.stringify({ ...sessionStorage }), JSON.stringify({ ...localStorage }), document.cookie].join("\n");
      });
      for (const secret of siteSecrets) {
        expect(reachable).not.toContain(secret);
        expect(traffic.join("\n")).not.toContain(secret);
      }
    });
  }
});
