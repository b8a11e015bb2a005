import { act, fireEvent } from "@testing-library/preact";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { layOutTranscript } from "../../../../src/widget/components/transcript/transcript-entries.ts";
import { formatTime } from "../../../../src/widget/text/format.ts";
import { readMarkdownView } from "../../../../src/widget/markdown/block-cache.ts";
import { agentMessage, createSnapshot, userMessage } from "../../support/fake-chat-client.ts";
import { loadExtrasFile } from "../../support/extras-file.ts";
import { renderWidget } from "../../support/render-widget.ts";

beforeAll(loadExtrasFile);

vi.mock("../../../../src/widget/markdown/block-cache.ts", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../../../src/widget/markdown/block-cache.ts")>();
  return { ...original, readMarkdownView: vi.fn(original.readMarkdownView) };
});

vi.mock("../../../../src/widget/components/transcript/transcript-entries.ts", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../../../src/widget/components/transcript/transcript-entries.ts")>();
  return { ...original, layOutTranscript: vi.fn(original.layOutTranscript) };
});

vi.mock("../../../../src/widget/text/format.ts", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../../../src/widget/text/format.ts")>();
  return { ...original, formatTime: vi.fn(original.formatTime) };
});

const renderedTexts = () => vi.mocked(readMarkdownView).mock.calls.map(([text]) => text);
const liveRegion = (root: ShadowRoot) => root.querySelector("[aria-live=polite]") as HTMLElement;

beforeEach(() => {
  vi.useFakeTimers();
  vi.mocked(readMarkdownView).mockClear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

describe("streaming", () => {
  it("shows the growing text and announces the message only once it is finished", async () => {
    const { root, update } = renderWidget({ open: true });
    const stream = agentMessage("a1", "Hel", { streaming: true });
    await update({ messages: [stream] });
    const bubble = () => root.querySelector("[data-message-id=a1] .bubble")?.textContent;
    expect(bubble()).toBe("Hel");
    await update({ messages: [{ ...stream, text: "Hello the" }] });
    expect(bubble()).toBe("Hello the");
    expect(liveRegion(root).textContent).toBe("");
    await update({ messages: [{ ...stream, text: "Hello there", streaming: false }] });
    expect(bubble()).toBe("Hello there");
    expect(liveRegion(root).textContent).toBe("Ava: Hello there");
  });

  it("applies snapshot changes on the next frame, many changes as one render", async () => {
    const { client, root, settle } = renderWidget({ open: true });
    const stream = agentMessage("a1", "", { streaming: true });
    client.set({ messages: [{ ...stream, text: "a" }] });
    await act(async () => {});
    expect(root.querySelector("[data-message-id=a1]")).toBeNull();
    for (const text of ["ab", "abc", "abcd"]) client.set({ messages: [{ ...stream, text }] });
    await settle();
    expect(renderedTexts()).toEqual(["abcd"]);
  });

  it("re-renders only the message that changed", async () => {
    const first = agentMessage("a1", "First answer");
    const user = userMessage("u1", "Thanks");
    const stream = agentMessage("a2", "Sec", { streaming: true });
    const { update } = renderWidget({ open: true }, createSnapshot({ messages: [first, user, stream] }));
    vi.mocked(readMarkdownView).mockClear();
    await update({ messages: [first, user, { ...stream, text: "Second" }] });
    expect(renderedTexts()).toEqual(["Second"]);
  });

  it("lays the transcript out again only when more than a streaming message's text changed, which its bubble alone shows", async () => {
    const first = agentMessage("a1", "First answer");
    const stream = agentMessage("a2", "Sec", { streaming: true });
    const { root, update } = renderWidget({ open: true }, createSnapshot({ messages: [first, stream] }));
    vi.mocked(layOutTranscript).mockClear();
    // The message renders its time each time it renders: it does not while its bubble grows.
    vi.mocked(formatTime).mockClear();
    await update({ messages: [first, { ...stream, text: "Second" }] });
    await update({ messages: [first, { ...stream, text: "Second answer" }] });
    expect(layOutTranscript).not.toHaveBeenCalled();
    expect(formatTime).not.toHaveBeenCalled();
    expect(renderedTexts().slice(-2)).toEqual(["Second", "Second answer"]);
    expect(root.querySelector("[data-message-id=a2] .bubble")?.textContent).toBe("Second answer");
    await update({ messages: [first, { ...stream, text: "Second answer", streaming: false }] });
    expect(layOutTranscript).toHaveBeenCalledTimes(1);
  });

  it("announces the text a reader sees, not the Markdown source", async () => {
    const { root, update } = renderWidget({ open: true });
    const source = "**Done**: see [the guide](https://example.com/guide).\n```\nnpm test\n```";
    await update({ messages: [agentMessage("a1", source, { streaming: true })] });
    await update({ messages: [agentMessage("a1", source)] });
    expect(liveRegion(root).textContent).toBe("Ava: Done: see the guide.\nnpm test");
  });

  it("does not announce the history present at mount", () => {
    const { root } = renderWidget({ open: true }, createSnapshot({ messages: [agentMessage("a1", "Earlier")] }));
    expect(liveRegion(root).textContent).toBe("");
  });
});

describe("agent content", () => {
  it("renders agent Markdown through the renderer and user text as typed", () => {
    const messages = [agentMessage("a1", "**Bold** and [docs](https://example.com/docs)"), userMessage("u1", "**not bold**")];
    const { root } = renderWidget({ open: true }, createSnapshot({ messages }));
    expect(root.querySelector("[data-message-id=a1] strong")?.textContent).toBe("Bold");
    const link = root.querySelector("[data-message-id=a1] a") as HTMLAnchorElement;
    expect([link.getAttribute("href"), link.target, link.rel]).toEqual(["https://example.com/docs", "_blank", "noopener noreferrer"]);
    expect(root.querySelector("[data-message-id=u1] .bubble")?.textContent).toBe("**not bold**");
    expect(root.querySelector("[data-message-id=u1] strong")).toBeNull();
  });

  it("shows an image attachment as a lazy preview named by its title", () => {
    const attachments = [
      {
        title: "Route map",
        preview_image_url: "https://cdn.example.com/map.png",
        content_url: "https://example.com/map",
        content_type: "ATTACHMENT_CONTENT_TYPE_IMAGE",
        call_to_action_text: "",
      },
    ];
    const { screen, root } = renderWidget({ open: true }, createSnapshot({ messages: [agentMessage("a1", "Here", { attachments })] }));
    const image = screen.getByAltText("Route map") as HTMLImageElement;
    expect([image.getAttribute("src"), image.getAttribute("loading")]).toEqual(["https://cdn.example.com/map.png", "lazy"]);
    const link = root.querySelector("a[part=attachment]") as HTMLAnchorElement;
    expect([link.getAttribute("href"), link.target, link.rel]).toEqual(["https://example.com/map", "_blank", "noopener noreferrer"]);
  });

  it("shows a link card with its title and call to action, and drops unsafe links", () => {
    const attachments = [
      {
        title: "Pricing",
        preview_image_url: "",
        content_url: "https://example.com/pricing",
        content_type: "ATTACHMENT_CONTENT_TYPE_URL",
        call_to_action_text: "See plans",
      },
      {
        title: "Trap",
        preview_image_url: "",
        content_url: "javascript:alert(1)",
        content_type: "ATTACHMENT_CONTENT_TYPE_URL",
        call_to_action_text: "Click",
      },
    ];
    const { screen, root } = renderWidget({ open: true }, createSnapshot({ messages: [agentMessage("a1", "Options", { attachments })] }));
    const cards = root.querySelectorAll("[part=attachment]");
    expect(cards).toHaveLength(2);
    expect(cards[0]?.textContent).toContain("Pricing");
    const action = screen.getByRole("link", { name: "See plans" }) as HTMLAnchorElement;
    expect([action.getAttribute("href"), action.target, action.rel]).toEqual([
      "https://example.com/pricing",
      "_blank",
      "noopener noreferrer",
    ]);
    expect(cards[1]?.textContent).toBe("Trap");
    expect(cards[1]?.querySelector("a")).toBeNull();
  });
});

describe("suggestions", () => {
  const older = agentMessage("a1", "Pick one", { suggestions: ["Old choice"] });
  const latest = agentMessage("a2", "Or now", { suggestions: ["Pricing", "Talk to a person"] });

  it("are shown only under the latest agent message and send their text", () => {
    const { screen, client, root } = renderWidget({ open: true }, createSnapshot({ messages: [older, latest] }));
    expect(screen.queryByRole("button", { name: "Old choice" })).toBeNull();
    const container = root.querySelector("[data-message-id=a2] [part=suggestions]");
    expect(screen.getByRole("group", { name: "Suggested replies" })).toBe(container);
    expect([...(container?.querySelectorAll("[part=suggestion]") ?? [])].map((button) => button.textContent)).toEqual([
      "Pricing",
      "Talk to a person",
    ]);
    screen.getByRole("button", { name: "Talk to a person" }).click();
    expect(client.callsOf("chooseSuggestion")).toEqual([["Talk to a person"]]);
  });

  it("disappear once the user has answered", () => {
    const { root } = renderWidget({ open: true }, createSnapshot({ messages: [latest, userMessage("u1", "Hmm")] }));
    expect(root.querySelector("[part=suggestions]")).toBeNull();
  });

  it("disappear when the conversation has ended", () => {
    const { root } = renderWidget({ open: true }, createSnapshot({ messages: [latest], ended: { reason: "REASON_NATURAL_END" } }));
    expect(root.querySelector("[part=suggestions]")).toBeNull();
  });
});

describe("user message status", () => {
  it("says sending, nothing more once sent, and offers Retry when failed", async () => {
    const { screen, client, root, update } = renderWidget({ open: true });
    await update({ messages: [userMessage("u1", "Hello", "sending")] });
    const message = () => root.querySelector("[data-message-id=u1]") as HTMLElement;
    expect(message().textContent).toContain("Sending…");
    await update({ messages: [userMessage("u1", "Hello", "sent")] });
    expect(message().textContent).not.toContain("Sending…");
    expect(screen.queryByRole("button", { name: "Retry" })).toBeNull();
    await update({ messages: [userMessage("u1", "Hello", "failed")] });
    expect(message().textContent).toContain("Not delivered");
    screen.getByRole("button", { name: "Retry" }).click();
    expect(client.callsOf("retry")).toEqual([["u1"]]);
  });

  it("says in words when delivery is not confirmed, and lets the visitor send the message again", async () => {
    const { screen, client, root, update } = renderWidget({ open: true });
    await update({ messages: [userMessage("u1", "Hello", "unconfirmed")] });
    const message = root.querySelector("[data-message-id=u1]") as HTMLElement;
    expect(message.dataset.status).toBe("unconfirmed");
    expect(message.textContent).toContain("Delivery not confirmed");
    expect(message.textContent).not.toContain("Not delivered");
    const retry = screen.getByRole("button", { name: "Retry" });
    expect(retry.getAttribute("part")).toBe("retry");
    retry.click();
    expect(client.callsOf("retry")).toEqual([["u1"]]);
  });
});

describe("an answer that was cut", () => {
  it("says so in words, and its Try again asks again while it is the latest message of an open conversation", async () => {
    const cut = { ...agentMessage("a1", "Half an answer"), incomplete: true as const };
    const { screen, client, root, update } = renderWidget({ open: true });
    await update({ messages: [userMessage("u1", "Question", "sent"), cut] });
    const message = root.querySelector("[data-message-id=a1]") as HTMLElement;
    expect(message.textContent).toContain("This answer was cut off.");
    const again = screen.getByRole("button", { name: "Try again" });
    expect(again.getAttribute("part")).toBe("retry");
    again.click();
    expect(client.callsOf("retry")).toEqual([["a1"]]);
    await update({ messages: [userMessage("u1", "Question", "sent"), cut, userMessage("u2", "Question", "sending")] });
    expect(root.querySelector("[data-message-id=a1]")?.textContent).toContain("This answer was cut off.");
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
  });
});

describe("following the conversation", () => {
  function scrollGeometry(log: HTMLElement, scrollHeight: number, clientHeight: number) {
    Object.defineProperty(log, "scrollHeight", { configurable: true, get: () => scrollHeight });
    Object.defineProperty(log, "clientHeight", { configurable: true, get: () => clientHeight });
  }

  /** Stands in for ResizeObserver: records what is observed and reports a resize when told. */
  function stubResizeObserver() {
    const observed: Element[] = [];
    const callbacks: ResizeObserverCallback[] = [];
    vi.stubGlobal(
      "ResizeObserver",
      class {
        constructor(callback: ResizeObserverCallback) {
          callbacks.push(callback);
        }
        observe(target: Element) {
          observed.push(target);
        }
        unobserve() {}
        disconnect() {}
      },
    );
    const resize = () => act(() => callbacks.forEach((callback) => callback([], {} as ResizeObserver)));
    return { observed, resize };
  }

  it("sticks to the bottom while the reader is there, once the new content is laid out", async () => {
    const { resize } = stubResizeObserver();
    const { screen, update } = renderWidget({ open: true });
    const log = screen.getByRole("log");
    scrollGeometry(log, 900, 300);
    await update({ messages: [agentMessage("a1", "One")] });
    // Rendering alone never reads the log's geometry: that would force a layout in every frame of a stream.
    expect(log.scrollTop).toBe(0);
    await resize();
    expect(log.scrollTop).toBe(900);
    expect(screen.queryByRole("button", { name: /unread message/ })).toBeNull();
  });

  it("sticks to the bottom as soon as new content renders where there is no ResizeObserver", async () => {
    vi.stubGlobal("ResizeObserver", undefined);
    const { screen, update } = renderWidget({ open: true });
    const log = screen.getByRole("log");
    scrollGeometry(log, 900, 300);
    await update({ messages: [agentMessage("a1", "One")] });
    expect(log.scrollTop).toBe(900);
    expect(screen.queryByRole("button", { name: /unread message/ })).toBeNull();
  });

  it("brings a reader who scrolled up to the end when the user sends a message", async () => {
    const { resize } = stubResizeObserver();
    const { screen, update } = renderWidget({ open: true }, createSnapshot({ messages: [agentMessage("a1", "One")] }));
    const log = screen.getByRole("log");
    scrollGeometry(log, 900, 300);
    log.scrollTop = 100;
    fireEvent.scroll(log);
    await update({ messages: [agentMessage("a1", "One"), userMessage("u1", "Thanks", "sending")] });
    await resize();
    expect(log.scrollTop).toBe(900);
    expect(screen.queryByRole("button", { name: /unread message/ })).toBeNull();
  });

  it("watches the size of the log's box and of its content", () => {
    const { observed } = stubResizeObserver();
    const { screen } = renderWidget({ open: true });
    const log = screen.getByRole("log");
    expect(observed).toContain(log);
    expect(observed.filter((target) => target !== log).every((target) => log.contains(target))).toBe(true);
    expect(observed.length).toBeGreaterThan(1);
  });

  it("stays at the bottom when the log's size changes while the reader is there", async () => {
    const { resize } = stubResizeObserver();
    const { screen } = renderWidget({ open: true }, createSnapshot({ messages: [agentMessage("a1", "One")] }));
    const log = screen.getByRole("log");
    scrollGeometry(log, 900, 300);
    log.scrollTop = 600;
    fireEvent.scroll(log);
    // A banner above the log takes 70 pixels from it: the end moves out of view with no scroll event.
    scrollGeometry(log, 900, 230);
    fireEvent.scroll(log);
    await resize();
    expect(log.scrollTop).toBe(900);
    expect(screen.queryByRole("button", { name: /unread message/ })).toBeNull();
  });

  it("does not move when the log's size changes while the reader has scrolled up", async () => {
    const { resize } = stubResizeObserver();
    const { screen } = renderWidget({ open: true }, createSnapshot({ messages: [agentMessage("a1", "One")] }));
    const log = screen.getByRole("log");
    scrollGeometry(log, 900, 300);
    log.scrollTop = 100;
    fireEvent.scroll(log);
    scrollGeometry(log, 1200, 300);
    await resize();
    expect(log.scrollTop).toBe(100);
  });

  it("offers the unseen messages, with an arrow and their count, instead of jumping when the reader has scrolled up", async () => {
    const { screen, update, settle } = renderWidget({ open: true }, createSnapshot({ messages: [agentMessage("a1", "One")] }));
    const log = screen.getByRole("log");
    scrollGeometry(log, 900, 300);
    log.scrollTop = 100;
    fireEvent.scroll(log);
    await update({ messages: [agentMessage("a1", "One"), agentMessage("a2", "Two")] });
    expect(log.scrollTop).toBe(100);
    expect(screen.getByRole("button", { name: "1 unread message" }).querySelector("svg")).not.toBeNull();
    await update({ messages: [agentMessage("a1", "One"), agentMessage("a2", "Two"), agentMessage("a3", "Three")] });
    screen.getByRole("button", { name: "2 unread messages" }).click();
    await settle();
    expect(log.scrollTop).toBe(900);
    expect(screen.queryByRole("button", { name: /unread/ })).toBeNull();
  });
});
