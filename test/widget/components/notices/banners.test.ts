import { act } from "@testing-library/preact";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { agentMessage, createSnapshot, userMessage } from "../../support/fake-chat-client.ts";
import { loadEndingFile } from "../../support/ending-file.ts";
import { renderWidget } from "../../support/render-widget.ts";

beforeAll(loadEndingFile);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.UTC(2026, 0, 5, 9, 0));
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = "";
});

describe("notices", () => {
  it("are shown by level in the page's language, errors as alerts, and an unknown server text as the server wrote it", async () => {
    const { root, update } = renderWidget({ open: true });
    const time = Date.now();
    await update({
      notices: [
        { id: "n1", level: "info", code: "server-message", text: "Heads up", time },
        {
          id: "n2",
          level: "warning",
          code: "server-busy",
          text: "Our system is experiencing high load. Please try again in a moment.",
          time,
        },
        { id: "n3", level: "error", code: "agent-error", text: "Sorry, I encountered an error. Please try again.", time },
        { id: "n4", level: "info", code: "new-session", time },
      ],
    });
    const notices = [...root.querySelectorAll("[part=notice]")];
    expect(notices.map((notice) => [notice.getAttribute("data-level"), notice.getAttribute("role"), notice.textContent])).toEqual([
      ["info", "status", "Heads up"],
      ["warning", "status", "Our system is busy. Please try again in a moment."],
      ["error", "alert", "Something went wrong with this answer. Please try again."],
      ["info", "status", "The conversation had expired, so a new one has started."],
    ]);
  });
});

describe("a notice that offers to try its turn again", () => {
  it("counts down the pause the platform asked for, on the client's clock, then tries the turn again", async () => {
    const { root, update, screen, client } = renderWidget({ open: true });
    const time = Date.now();
    await update({ notices: [{ id: "busy", level: "warning", code: "server-busy", time, retryAt: time + 3000 }] });
    const button = () => root.querySelector<HTMLButtonElement>("[part=notice] button")!;
    expect(button().disabled).toBe(true);
    expect(button().textContent).toMatch(/^Try again in \d\u00a0s$/);
    await act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(button().disabled).toBe(false);
    screen.getByRole("button", { name: "Try again" }).click();
    expect(client.callsOf("retry")).toEqual([["busy"]]);
  });
});

describe("the connection", () => {
  const status = (root: ShadowRoot) => root.querySelector("[part=status]")?.textContent;

  it("says it is connecting", async () => {
    const { root, update, screen } = renderWidget({ open: true });
    await update({ connection: { status: "connecting" } });
    expect(status(root)).toBe("Connecting…");
    expect(screen.getByLabelText("Message").hasAttribute("disabled")).toBe(false);
  });

  it("counts down to the next reconnect attempt, every second in turn, and offers Retry now", async () => {
    const { root, update, screen, client, settle } = renderWidget({ open: true });
    await update({ connection: { status: "connected" } });
    // The frame that applies the snapshot takes 300 ms of the 5 s wait.
    await update({ connection: { status: "reconnecting", attempt: 2, nextAttemptAt: Date.now() + 5000 } });
    expect(status(root)).toBe("Reconnecting…");
    expect(root.textContent).toContain("Connection lost. Trying again in 5\u00a0s.");
    for (const seconds of [4, 3]) {
      await act(() => {
        vi.advanceTimersByTime(seconds === 4 ? 700 : 1000);
      });
      expect(root.textContent).toContain(`Connection lost. Trying again in ${seconds}\u00a0s.`);
    }
    await act(() => {
      vi.advanceTimersByTime(300);
    });
    await act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(root.textContent).toContain("Connection lost. Trying again…");
    screen.getByRole("button", { name: "Retry now" }).click();
    expect(client.callsOf("retryNow")).toEqual([[]]);
    expect(screen.getByLabelText("Message").hasAttribute("disabled")).toBe(false);
    await update({ connection: { status: "connected" } });
    await settle();
    expect(screen.queryByRole("button", { name: "Retry now" })).toBeNull();
  });

  it("says Reconnected once, briefly, when a lost connection is back, and not on the first connection", async () => {
    const { root, update, settle } = renderWidget({ open: true }, createSnapshot({ connection: { status: "connecting" } }));
    await update({ connection: { status: "connected" } });
    expect(root.textContent).not.toContain("Reconnected");
    await update({ connection: { status: "reconnecting", attempt: 1, nextAttemptAt: Date.now() + 2000 } });
    await update({ connection: { status: "connected" } });
    const banner = [...root.querySelectorAll(".banner")].find((element) => element.textContent === "Reconnected");
    expect(banner?.getAttribute("role")).toBe("status");
    await act(() => {
      vi.advanceTimersByTime(3000);
    });
    await settle();
    const banners = () => [...root.querySelectorAll(".banner")].map((element) => element.textContent);
    expect(banners()).toEqual([]);
    await update({ connection: { status: "offline" } });
    await update({ connection: { status: "connected" } });
    expect(banners()).toEqual(["Reconnected"]);
  });

  it("says Reconnected, and announces it, when the connection is back after attempts that connected again first", async () => {
    const { root, update } = renderWidget({ open: true }, createSnapshot({ connection: { status: "connecting" } }));
    await update({ connection: { status: "connected" } });
    await update({ connection: { status: "reconnecting", attempt: 1, nextAttemptAt: Date.now() + 2000 } });
    await update({ connection: { status: "connecting" } });
    expect(root.textContent).not.toContain("Reconnected");
    await update({ connection: { status: "connected" } });
    expect([...root.querySelectorAll(".banner")].map((element) => element.textContent)).toEqual(["Reconnected"]);
    expect(root.querySelector("[aria-live=polite]")?.textContent).toBe("Reconnected");
  });

  it("does not say Reconnected after attempts that never connected", async () => {
    const { root, update } = renderWidget({ open: true }, createSnapshot({ connection: { status: "connecting" } }));
    await update({ connection: { status: "reconnecting", attempt: 1, nextAttemptAt: Date.now() + 2000 } });
    await update({ connection: { status: "connecting" } });
    await update({ connection: { status: "connected" } });
    expect(root.textContent).not.toContain("Reconnected");
  });

  it("says it is connecting, with no loss to report, while nothing has ever connected", async () => {
    const { root, update } = renderWidget({ open: true }, createSnapshot({ connection: { status: "connecting" } }));
    await update({ connection: { status: "reconnecting", attempt: 1, nextAttemptAt: Date.now() + 2000 } });
    expect(status(root)).toBe("Connecting…");
    expect(root.textContent).not.toContain("Connection lost");
    expect(root.textContent).toContain("Connecting…");
  });

  it("explains offline, and still lets the user write", async () => {
    const { root, update, screen } = renderWidget({ open: true });
    await update({ connection: { status: "offline" } });
    expect(status(root)).toBe("Offline");
    expect(root.textContent).toContain("You are offline. Your messages will be sent when the connection is back.");
    expect(screen.getByLabelText("Message").hasAttribute("disabled")).toBe(false);
  });

  it("says when the basic Chat API mode is in use", async () => {
    const { root, update } = renderWidget({ open: true });
    await update({ connection: { status: "fallback" }, transport: "chat" });
    expect(status(root)).toBe("Online (basic mode)");
    expect(root.textContent).toContain("Live updates are unavailable, so replies may take a moment.");
  });

  it("reports a failure, disables the composer and offers a new conversation", async () => {
    const { root, update, screen, client } = renderWidget({ open: true });
    await update({
      connection: { status: "failed", error: { kind: "budget-exhausted", code: "reconnect-budget-spent", parameters: { attempts: 8 } } },
    });
    expect(status(root)).toBe("Unable to connect");
    expect(screen.getByRole("alert").textContent).toBe(
      "We could not connect to the chat service. We tried to reconnect 8 times.Start a new conversation",
    );
    expect(screen.getByLabelText("Message").hasAttribute("disabled")).toBe(true);
    expect(screen.getByRole("button", { name: "Send" }).hasAttribute("disabled")).toBe(true);
    expect(screen.queryByRole("button", { name: "More options" })).toBeNull();
    screen.getByRole("button", { name: "Start a new conversation" }).click();
    expect(client.callsOf("newConversation")).toEqual([[]]);
  });

  it("says what the site's owner must fix when the chat is set up wrongly, and offers no action that cannot help", async () => {
    const { update, screen } = renderWidget({ open: true });
    await update({
      connection: { status: "failed", error: { kind: "configuration", code: "host-not-registered", parameters: { host: "shop.example" } } },
    });
    expect(screen.getByRole("alert").textContent).toBe(
      "The chat is not set up correctly. For the site's owner to fix: host-not-registered (shop.example).",
    );
    expect(screen.getByRole("alert").querySelector("button")).toBeNull();
    expect(screen.queryByRole("button", { name: "Start a new conversation" })).toBeNull();
  });

  it("leaves the composer open before the client has started: focusing it or sending is what starts it", () => {
    const { screen } = renderWidget({ mode: "inline" }, createSnapshot({ connection: { status: "idle" } }));
    expect(screen.getByLabelText("Message").hasAttribute("disabled")).toBe(false);
  });
});

describe("the end of the session", () => {
  const reasons: [string, string][] = [
    ["REASON_USER_END", "You ended the conversation."],
    ["REASON_USER_ABANDONED", "The conversation ended after a period of inactivity."],
    ["REASON_NATURAL_END", "The conversation is over. Thank you for chatting with us."],
    ["REASON_SOMETHING_NEW", "Conversation ended"],
  ];

  it.each(reasons)("explains %s, disables the input and offers a new conversation", async (reason, text) => {
    const { root, update, screen, client } = renderWidget({ open: true });
    await update({ ended: { reason }, connection: { status: "ended" } });
    expect(root.querySelector(".end")?.textContent).toContain(text);
    expect(root.querySelector("[part=status]")?.textContent).toBe("Conversation ended");
    expect(screen.getByLabelText("Message").hasAttribute("disabled")).toBe(true);
    expect(screen.queryByRole("button", { name: "More options" })).toBeNull();
    screen.getByRole("button", { name: "Start a new conversation" }).click();
    expect(client.callsOf("newConversation")).toEqual([[]]);
  });

  it("moves focus that fell to the page onto Start a new conversation", async () => {
    const { root, update, screen, settle } = renderWidget({ open: true });
    screen.getByRole("button", { name: "More options" }).click();
    await settle();
    screen.getByRole("menuitem", { name: "End conversation" }).focus();
    await update({ ended: { reason: "REASON_USER_END" }, connection: { status: "ended" } });
    expect(root.activeElement).toBe(screen.getByRole("button", { name: "Start a new conversation" }));
  });

  it("leaves focus where the page put it when the conversation ends", async () => {
    const { root, update } = renderWidget({ open: true });
    const pageButton = document.createElement("button");
    document.body.append(pageButton);
    pageButton.focus();
    await update({ ended: { reason: "REASON_NATURAL_END" }, connection: { status: "ended" } });
    expect(document.activeElement).toBe(pageButton);
    expect(root.activeElement).toBeNull();
  });

  it("ends the conversation from the header's menu, once confirmed", async () => {
    const { screen, client, settle } = renderWidget({ open: true });
    screen.getByRole("button", { name: "More options" }).click();
    await settle();
    screen.getByRole("menuitem", { name: "End conversation" }).click();
    await settle();
    screen.getByRole("button", { name: "End conversation" }).click();
    expect(client.callsOf("end")).toEqual([[]]);
  });

  it("offers the ended conversation as a text file, made in the page", async () => {
    const createObjectURL = vi.fn((_blob: Blob) => "blob:conversation");
    vi.stubGlobal("URL", Object.assign(class extends URL {}, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {});
    const messages = [agentMessage("a1", "Hello, **welcome**."), userMessage("u1", "Thanks")];
    const { screen, update } = renderWidget({ open: true, headerTitle: "Harbour help" }, createSnapshot({ messages }));
    await update({ ended: { reason: "REASON_USER_END" }, connection: { status: "ended" } });
    screen.getByRole("button", { name: "Download the conversation" }).click();
    expect(clicked).toHaveBeenCalledTimes(1);
    const text = await createObjectURL.mock.calls[0]![0].text();
    expect(text).toMatch(/^Harbour help · Today\n\n.+ Ava: Hello, welcome\.\n\n.+ You: Thanks\n$/);
    clicked.mockRestore();
    vi.unstubAllGlobals();
  });
});

describe("the typing indicator", () => {
  it("shows the agent thinking, a live agent typing, and a Chat API turn in flight", async () => {
    const { root, update } = renderWidget({ open: true });
    const typing = () => root.querySelector("[part=typing]")?.textContent;
    expect(typing()).toBeUndefined();
    await update({ agent: { name: "Ava" }, typing: { kind: "agent" } });
    expect(typing()).toBe("Ava is thinking");
    await update({ typing: { kind: "live-agent", agent: { name: "Sam" } } });
    expect(typing()).toBe("Sam is typing");
    await update({ typing: { kind: "pending" } });
    expect(typing()).toBe("Waiting for a reply");
    await update({ typing: { kind: "none" } });
    expect(typing()).toBeUndefined();
  });
});
