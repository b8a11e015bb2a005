import { measureHostileOnPage } from "../../test/benchmark/browser/hostile-bench.ts";
import { hostileMessages } from "../../test/benchmark/fixtures/hostile-inputs.ts";
import { HOSTILE_BUDGETS } from "../../test/benchmark/sections/hostile.ts";
import { expect, fault, sessionIdOf, test } from "../support/fixtures.ts";

test.describe("hostile agent text", () => {
  test("a hostile message in a replayed history leaves every other message, the unread count and the announcements working", async ({
    page,
    widget,
    serverUrl,
    pageProblems,
  }) => {
    const session = sessionIdOf(page);
    await widget.startOn("/script-tag.html");
    const sessionId = await session;
    await fault(serverUrl, "sendAgentMessage", { sessionId, text: hostileMessages()["emphasis nested 10,000 deep"] });
    await fault(serverUrl, "sendAgentMessage", { sessionId, text: "The **next** answer" });
    await expect(widget.agentMessages.last()).toContainText("The next answer");
    await widget.launcher.click();
    await page.reload();
    // The replay mounts the whole history in the closed panel, the hostile message among it.
    await expect(widget.agentMessages).toHaveCount(3);
    await expect(widget.agentMessages.last().locator("strong")).toHaveText("next");
    await fault(serverUrl, "sendAgentMessage", { sessionId, text: "A **reply** after the reload" });
    await expect(page.locator(".badge")).toHaveText("1");
    await expect(widget.panel.locator('[aria-live="polite"]')).toContainText("A reply after the reload");
    await widget.open();
    await expect(widget.agentMessages).toHaveCount(4);
    await expect(widget.agentMessages.first()).toContainText("Ask me anything");
    await expect(widget.agentMessages.nth(1)).toContainText("*a *a *a");
    await expect(widget.agentMessages.last().locator("strong")).toHaveText("reply");
    expect(pageProblems).toEqual([]);
  });

  test("every hostile input shows in Chromium within its cost bound, without an exception", async ({ page }) => {
    test.setTimeout(240_000);
    const costs = await measureHostileOnPage(page, 3);
    expect(costs.length).toBeGreaterThan(40);
    const over = costs.filter((cost) => cost.error || !(Math.max(cost.show, cost.plainText ?? 0) < HOSTILE_BUDGETS.chromium));
    expect(over).toEqual([]);
  });
});
