import { longReply } from "../demo/server/agent/replies.ts";
import { expect, test, type ChatWidget } from "./fixtures.ts";

const longParagraphs = longReply().text.split("\n\n");

/** Sends "long" and checks the streamed answer arrives whole, each paragraph exactly once. */
async function expectStreamedAnswer(widget: ChatWidget): Promise<void> {
  const before = await widget.agentMessages.count();
  await widget.send("Tell me something long");
  const answer = widget.agentMessages.nth(before);
  await expect(answer).toContainText(longParagraphs.at(-1) as string);
  const text = (await answer.innerText()).replace(/\s+/g, " ");
  for (const paragraph of longParagraphs) {
    expect(text.split(paragraph.replace(/\s+/g, " ")).length - 1, `"${paragraph.slice(0, 30)}…" once`).toBe(1);
  }
}

test.describe("each delivery opens, greets and streams an answer", () => {
  test("script tag", async ({ page, widget, pageProblems }) => {
    await page.goto("/script-tag.html");
    await widget.open();
    await widget.expectGreeting();
    await expectStreamedAnswer(widget);
    expect(pageProblems).toEqual([]);
  });

  test("custom element", async ({ page, widget, pageProblems }) => {
    await page.goto("/element.html");
    await widget.open();
    await widget.expectGreeting();
    await expectStreamedAnswer(widget);
    await expect(page.locator("#event-log")).toContainText("cap-chat:message");
    expect(pageProblems).toEqual([]);
  });

  test("single-page app, keeping the conversation across route changes", async ({ page, widget, pageProblems }) => {
    await page.goto("/spa.html");
    await widget.open();
    await widget.expectGreeting();
    await expectStreamedAnswer(widget);
    const sockets: string[] = [];
    page.on("websocket", (socket) => sockets.push(socket.url()));
    await page.getByRole("navigation", { name: "Shop" }).getByRole("link", { name: "Products" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
    expect(new URL(page.url()).search).toBe("?route=products");
    await page.goBack();
    await expect(page.getByRole("heading", { level: 1, name: "Harbour Supplies" })).toBeVisible();
    await expect(widget.userMessages).toHaveCount(1);
    await expect(widget.agentMessages.first()).toContainText("Cap demo assistant");
    await widget.send("markdown please");
    await expect(widget.agentMessages.last()).toContainText("inline code");
    expect(sockets, "no new connection on a route change").toEqual([]);
    expect(pageProblems).toEqual([]);
  });
});
