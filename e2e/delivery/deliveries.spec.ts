import { expect, test } from "../support/fixtures.ts";

/* What only one delivery's page does; the conversation journeys common to all three are in conversation/journeys.spec.ts. */
test.describe("what each delivery's page adds", () => {
  test("the custom element page logs the widget's events, which reach document as DOM events", async ({ page, widget, pageProblems }) => {
    await widget.startOn("/element.html");
    await widget.send("markdown please");
    await expect(widget.agentMessages.last()).toContainText("inline code");
    const eventLog = page.locator("#event-log");
    await expect(eventLog).toContainText("cap-chat:open");
    await expect(eventLog).toContainText("cap-chat:message: markdown please");
    expect(pageProblems).toEqual([]);
  });

  test("the single-page app keeps the conversation and its socket across route changes", async ({ page, widget, pageProblems }) => {
    await widget.startOn("/spa.html");
    await widget.send("markdown please");
    await expect(widget.agentMessages.last()).toContainText("inline code");
    const sockets: string[] = [];
    page.on("websocket", (socket) => sockets.push(socket.url()));
    await page.getByRole("navigation", { name: "Shop" }).getByRole("link", { name: "Products" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
    expect(new URL(page.url()).search).toBe("?route=products");
    await page.goBack();
    await expect(page.getByRole("heading", { level: 1, name: "Harbour Supplies" })).toBeVisible();
    await expect(widget.userMessages).toHaveCount(1);
    await expect(widget.agentMessages.first()).toContainText("Cap demo assistant");
    await widget.send("Show me an image");
    await expect(widget.agentMessages.last()).toContainText("harbour at dusk");
    expect(sockets, "no new connection on a route change").toEqual([]);
    expect(pageProblems).toEqual([]);
  });
});
