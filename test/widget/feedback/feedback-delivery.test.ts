import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { agentMessage, createSnapshot } from "../support/fake-chat-client.ts";
import { renderWidget } from "../support/render-widget.ts";

interface Posted {
  url: string;
  method: string;
  credentials: RequestCredentials | undefined;
  body: unknown;
}

/** A companion behind a stubbed `fetch` answering each request with `status` (or none), every request recorded. */
function fakeCompanion(status: number | "no answer" = 204): Posted[] {
  const posted: Posted[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    posted.push({ url, method: init.method ?? "GET", credentials: init.credentials, body: JSON.parse(String(init.body)) });
    if (status === "no answer") throw new TypeError("Failed to fetch");
    const body = status === 204 ? null : JSON.stringify({ success: false, error_code: "INVALID_REQUEST", error_message: "…" });
    return new Response(body, { status, headers: { "Content-Type": "application/json" } });
  });
  return posted;
}

/** The widget with `options`, once the feedback controls' file it loads has arrived. */
async function renderFeedbackWidget(...[options, snapshot]: Parameters<typeof renderWidget>) {
  const rendered = renderWidget(options, snapshot);
  await vi.dynamicImportSettled();
  await rendered.settle();
  return rendered;
}

const conversation = () => createSnapshot({ messages: [agentMessage("m-1", "Hello"), agentMessage("m-2", "We open at nine")] });

/** Clicks the toggle `part` under the message with `id`. */
function click(root: ShadowRoot, id: string, part: "feedback-up" | "feedback-down"): void {
  root.querySelector<HTMLButtonElement>(`[data-message-id="${id}"] [part="${part}"]`)!.click();
}

/** Sends `comment` in the open comment form. */
function comment(root: ShadowRoot, text: string): void {
  const form = root.querySelector<HTMLFormElement>("form.comment")!;
  form.querySelector("input")!.value = text;
  form.requestSubmit();
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  document.body.replaceChildren();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe("feedback through the companion", () => {
  it("posts each choice once, a changed one and an added comment too, with the session and the context", async () => {
    const posted = fakeCompanion();
    const { root, settle, client } = await renderFeedbackWidget(
      { mode: "inline", feedback: true, companionUrl: "https://site.example/cap-chat/", context: { page: "/pricing" } },
      conversation(),
    );
    client.conversation = "session-7";
    await settle();
    click(root, "m-1", "feedback-up");
    await settle();
    click(root, "m-1", "feedback-up");
    click(root, "m-1", "feedback-down");
    await settle();
    comment(root, "  It did not say when  ");
    click(root, "m-2", "feedback-up");
    await settle();
    const identity = { session_id: "session-7", context: { page: "/pricing" } };
    expect(posted).toEqual(
      [
        { message_id: "m-1", value: "up", ...identity },
        { message_id: "m-1", value: "down", ...identity },
        { message_id: "m-1", value: "down", comment: "It did not say when", ...identity },
        { message_id: "m-2", value: "up", ...identity },
      ].map((body) => ({ url: "https://site.example/cap-chat/feedback", method: "POST", credentials: "include", body })),
    );
  });

  it("names the Chat API conversation, and the context and companion the controller last applied", async () => {
    const posted = fakeCompanion();
    const { root, settle, client, controller } = await renderFeedbackWidget({ mode: "inline", feedback: true }, conversation());
    client.set({ transport: "chat" });
    client.conversation = "handle.signed";
    await settle();
    click(root, "m-1", "feedback-up");
    await settle();
    expect(posted).toEqual([]);
    controller.setContext({ cart: 2 });
    controller.update({ companionUrl: "/cap-chat", client });
    click(root, "m-2", "feedback-up");
    await settle();
    expect(posted.map(({ url, body }) => ({ url, body }))).toEqual([
      { url: "/cap-chat/feedback", body: { message_id: "m-2", value: "up", context: { cart: 2 }, conversation_id: "handle.signed" } },
    ]);
  });

  it("never sends a choice again after no answer or a refusal, and says so on the console", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const posted = fakeCompanion("no answer");
    const { root, settle } = await renderFeedbackWidget({ mode: "inline", feedback: true, companionUrl: "/cap-chat" }, conversation());
    await settle();
    click(root, "m-1", "feedback-up");
    await settle();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(posted).toHaveLength(1);
    expect(warn).toHaveBeenCalledWith("cap-chat: feedback not delivered:", 0);
    fakeCompanion(400);
    click(root, "m-2", "feedback-up");
    await settle();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(warn).toHaveBeenLastCalledWith("cap-chat: feedback not delivered:", "INVALID_REQUEST");
  });
});
