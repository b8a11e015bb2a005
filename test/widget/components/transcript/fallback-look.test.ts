import { act } from "@testing-library/preact";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ChatMessage } from "../../../../src/transport/conversation.ts";
import { agentMessage, createSnapshot } from "../../support/fake-chat-client.ts";
import { renderWidget } from "../../support/render-widget.ts";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = "";
});

/** An answer of the Chat API: it carries no author, name or picture. */
const chatAnswer = (id: string, text: string): ChatMessage => {
  const { author: _author, ...message } = agentMessage(id, text);
  return message;
};
const fallback = (messages: ChatMessage[]) => createSnapshot({ connection: { status: "fallback" }, transport: "chat", messages });
const authorLine = (root: ShadowRoot) => root.querySelector("[data-message-id] .author");

describe("the Chat API fallback looks like the Messaging experience", () => {
  it("names an answer after the configured title and shows the configured avatar", () => {
    const { root } = renderWidget(
      { open: true, headerTitle: "Harbour help", avatarUrl: "https://cdn.example.com/harbour.png" },
      fallback([chatAnswer("c1", "Hi!")]),
    );
    expect(authorLine(root)?.textContent).toBe("Harbour help");
    expect(authorLine(root)?.querySelector("img")?.getAttribute("src")).toBe("https://cdn.example.com/harbour.png");
    expect(root.querySelector("[part=header] img")?.getAttribute("src")).toBe("https://cdn.example.com/harbour.png");
  });

  it("uses the last agent seen, its name and picture, once the Messaging agent had joined", async () => {
    const agent = { name: "Cap Demo Assistant", avatarUrl: "https://cdn.example.com/cap.png" };
    const { root, update } = renderWidget({ open: true, headerTitle: "Harbour help" }, createSnapshot({ agent }));
    // The conversation falls back, and a new one starts on the Chat API with no agent in it.
    await update({ agent: null, connection: { status: "fallback" }, transport: "chat", messages: [chatAnswer("c1", "Hi!")] });
    expect(authorLine(root)?.textContent).toBe("Cap Demo Assistant");
    expect(authorLine(root)?.querySelector("img")?.getAttribute("src")).toBe(agent.avatarUrl);
  });

  it("never shows a bullet placeholder for a missing picture, but a drawn person", () => {
    const { root } = renderWidget({ open: true, headerTitle: "Harbour help" }, fallback([chatAnswer("c1", "Hi!")]));
    for (const avatar of root.querySelectorAll(".avatar")) {
      expect(avatar.textContent).toBe("");
      expect(avatar.querySelector("svg path")).not.toBeNull();
    }
    expect(root.textContent).not.toContain("•");
  });

  it("names the typing agent and the announcement after the configured title, not a generic Agent", async () => {
    const { root, update, client, settle } = renderWidget({ open: true, headerTitle: "Harbour help" }, fallback([]));
    await update({ typing: { kind: "agent" } });
    expect(root.querySelector("[part=typing]")?.textContent).toBe("Harbour help is thinking");
    await act(() => client.emit("message", chatAnswer("c1", "Hello there")));
    await settle();
    expect(root.querySelector("[aria-live=polite]")?.textContent).toBe("Harbour help: Hello there");
  });

  it("says once that a conversation handed over is closed here, with no promise that it continues", async () => {
    const { root, update, screen } = renderWidget({ open: true }, fallback([chatAnswer("c1", "Let me connect you.")]));
    const handoff = { phase: "client-handoff-required", reason: "", queueName: "general-support", destination: "general-support" } as const;
    await update({ handoff, ended: { reason: "REASON_NATURAL_END" }, connection: { status: "ended" } });
    const text = root.querySelector("[role=log]")!.textContent!;
    expect(text).toContain("This chat can't continue here.");
    expect(text).not.toMatch(/connecting you|continues/i);
    expect(text).not.toContain("The conversation is over");
    expect(root.querySelectorAll("[part=handoff]")).toHaveLength(0);
    expect(screen.getByLabelText("Message").hasAttribute("disabled")).toBe(true);
  });
});

describe("the Chat API fallback in the header", () => {
  it("names the configured agent in the status line, as the Messaging agent is named", () => {
    const { root } = renderWidget({ open: true, headerTitle: "Harbour help" }, fallback([chatAnswer("c1", "Hi!")]));
    expect(root.querySelector("[part=header] p")?.textContent).toBe("Harbour help · Online (basic mode)");
  });

  it("explains the basic mode once, under the header, then leaves it to the status line", async () => {
    const { root, update, settle } = renderWidget({ open: true });
    const banner = () => root.querySelector(".banner")?.textContent ?? null;
    await update(fallback([chatAnswer("c1", "Hi!")]));
    expect(banner()).toBe("Live updates are unavailable, so replies may take a moment.");
    await act(() => {
      vi.advanceTimersByTime(6000);
    });
    await settle();
    expect(banner()).toBeNull();
    expect(root.querySelector("[part=status]")?.textContent).toBe("Online (basic mode)");
  });
});
