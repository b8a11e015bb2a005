import { act } from "@testing-library/preact";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { hostileMessages } from "../../../benchmark/fixtures/hostile-inputs.ts";
import { agentMessage, createSnapshot, userMessage } from "../../support/fake-chat-client.ts";
import { renderWidget } from "../../support/render-widget.ts";

// Makes the bubble of any text holding this word fail, as a rendering bug would.
const FAILING = "render-failure";

vi.mock("../../../../src/widget/markdown/markdown-body.ts", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../../../src/widget/markdown/markdown-body.ts")>();
  class FailingBody extends original.MarkdownBody {
    override componentDidMount(): void {
      if (this.props.text.includes(FAILING)) throw new Error("the bubble failed");
      super.componentDidMount();
    }
  }
  return { ...original, MarkdownBody: FailingBody };
});

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = "";
});

/** The finding's message: emphasis nested 1,800 deep, which overflowed the stack. */
const NESTED = `${" *a".repeat(1_800)}${"a* ".repeat(1_800)}`;

const messageText = (root: ShadowRoot, id: string) => root.querySelector(`[data-message-id="${id}"] .bubble`)?.textContent;
const badge = (root: ShadowRoot) => root.querySelector(".badge")?.textContent;
const liveRegion = (root: ShadowRoot) => root.querySelector("[aria-live=polite]")?.textContent;

describe("one hostile message stays local", () => {
  it.each([
    ["emphasis nested 1,800 deep", NESTED],
    ["emphasis nested 10,000 deep", hostileMessages()["emphasis nested 10,000 deep"]!],
    ["a bubble that fails to render", `a ${FAILING}, as written`],
  ])("%s in the history leaves every later message, the unread count and the announcements working", async (_name, hostile) => {
    const history = [
      agentMessage("a1", "Welcome back"),
      agentMessage("a2", hostile),
      userMessage("u1", "Thanks"),
      agentMessage("a3", "**After** it"),
    ];
    const { root, update, controller } = renderWidget({}, createSnapshot({ messages: history }));
    await act(() => controller.open());
    expect(messageText(root, "a1")).toBe("Welcome back");
    expect(messageText(root, "a3")).toBe("After it");
    expect(messageText(root, "u1")).toBe("Thanks");
    expect(messageText(root, "a2")).toContain("a");
    await act(() => controller.close());
    await update({ messages: [...history, agentMessage("a4", "A new **reply**")] });
    expect(badge(root)).toBe("1");
    expect(liveRegion(root)).toBe("Ava: A new reply");
    await act(() => controller.open());
    expect(messageText(root, "a4")).toBe("A new reply");
  });

  it("arriving while the panel is closed, is counted and announced, and so are the replies after it", async () => {
    const { root, update, controller } = renderWidget({}, createSnapshot({ messages: [agentMessage("a1", "Hello")] }));
    await update({ messages: [agentMessage("a1", "Hello"), agentMessage("a2", NESTED)] });
    expect(badge(root)).toBe("1");
    expect(liveRegion(root)).toMatch(/^Ava: \*a \*a .* a a a aa a a a .* a\* a\*$/);
    await update({ messages: [agentMessage("a1", "Hello"), agentMessage("a2", NESTED), agentMessage("a3", "Next")] });
    expect(badge(root)).toBe("2");
    expect(liveRegion(root)).toBe("Ava: Next");
    await act(() => controller.open());
    expect(messageText(root, "a3")).toBe("Next");
  });

  it("a bubble that fails shows the message's text as written, in the message's own element", async () => {
    const text = `**Bold** ${FAILING}\nsecond line`;
    const { root, controller } = renderWidget({}, createSnapshot({ messages: [agentMessage("a1", text), agentMessage("a2", "Fine")] }));
    await act(() => controller.open());
    const failed = root.querySelector('[data-message-id="a1"]')!;
    expect(failed.getAttribute("part")).toBe("message message-agent");
    expect(failed.querySelector(".bubble")!.className).toBe("bubble plain");
    expect(failed.querySelector(".bubble")!.textContent).toBe(text);
    expect(messageText(root, "a2")).toBe("Fine");
  });
});
