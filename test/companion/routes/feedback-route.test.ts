import { afterEach, describe, expect, it } from "vitest";
import type { ReferenceServer } from "../../../demo/server/reference-server-types.ts";
import type { ChatFeedback } from "../../../src/server/index.ts";
import { BrowserVisitor } from "../support/browser-visitor.ts";
import { startCompanion, useReferenceServer } from "../support/companion.ts";
import { expectError } from "../support/expect-error.ts";

let server: ReferenceServer;
useReferenceServer((started) => (server = started));
afterEach(() => server.faults.reset());

/** A companion whose `onFeedback` keeps what it receives. */
function feedbackCompanion(overrides: Parameters<typeof startCompanion>[1] = {}) {
  const received: ChatFeedback[] = [];
  const started = startCompanion(server, { onFeedback: (feedback) => void received.push(feedback), ...overrides });
  return { ...started, received };
}

describe("the feedback route", { timeout: 15_000 }, () => {
  it("hands the site's hook each choice with its comment and the conversation, and answers 204", async () => {
    const { proxy, received, logs } = feedbackCompanion({ integrationAttributes: () => ({ customer: "c-42", context: { tier: "gold" } }) });
    const visitor = new BrowserVisitor(proxy);
    const up = await visitor.feedback({
      message_id: "m-1",
      value: "up",
      session_id: "0b4f-session",
      context: { page: "/pricing", tier: "x" },
    });
    expect(up.status).toBe(204);
    expect(up.text).toBe("");
    expect(up.headers.get("Access-Control-Allow-Origin")).toBe("https://shop.example");
    const down = await visitor.feedback({ message_id: "m-1", value: "down", comment: "  Wrong opening hours  ", extra: "dropped" });
    expect(down.status).toBe(204);
    expect(received).toEqual([
      {
        messageId: "m-1",
        value: "up",
        attributes: { session_id: "0b4f-session", context: { page: "/pricing", tier: "gold" }, customer: "c-42" },
      },
      { messageId: "m-1", value: "down", comment: "Wrong opening hours", attributes: { customer: "c-42", context: { tier: "gold" } } },
    ]);
    // What a visitor writes is the site's to keep, not the companion's logs'.
    expect(JSON.stringify(logs)).not.toMatch(/Wrong opening hours|0b4f-session|pricing/);
  });

  it("carries the platform's id of the visitor's own Chat API conversation, and refuses another visitor's", async () => {
    const { proxy, received } = feedbackCompanion();
    const owner = new BrowserVisitor(proxy);
    const conversation = await owner.startConversation();
    expect((await owner.feedback({ message_id: "m-2", value: "up", conversation_id: conversation })).status).toBe(204);
    expect(received.at(-1)?.attributes).toEqual({ conversation_id: conversation.slice(0, conversation.lastIndexOf(".")) });
    expectError(
      await new BrowserVisitor(proxy).feedback({ message_id: "m-2", value: "down", conversation_id: conversation }),
      403,
      "CONVERSATION_NOT_OWNED",
    );
    expect(received).toHaveLength(1);
  });

  it("refuses a malformed choice with 400 before the hook hears of it", async () => {
    const { proxy, received } = feedbackCompanion();
    const visitor = new BrowserVisitor(proxy);
    for (const fields of [
      { value: "up" },
      { message_id: "", value: "up" },
      { message_id: "m 1", value: "up" },
      { message_id: "m-1" },
      { message_id: "m-1", value: "meh" },
      { message_id: "m-1", value: "down", comment: 42 },
      { message_id: "m-1", value: "down", comment: "x".repeat(1001) },
      { message_id: "m-1", value: "up", session_id: "a b" },
    ]) {
      expectError(await visitor.feedback(fields), 400, "INVALID_REQUEST");
    }
    expectError(await visitor.feedback({ message_id: "m-1", value: "up", context: { notes: "x".repeat(5000) } }), 400, "CONTEXT_TOO_LARGE");
    expect(received).toEqual([]);
    expect((await visitor.feedback({ message_id: "m-1", value: "down", comment: "x".repeat(1000) })).status).toBe(204);
  });

  it("answers 500 when the site's hook fails, and 405 to anything but POST", async () => {
    const { proxy, logs } = startCompanion(server, {
      onFeedback: async () => {
        throw new Error("the feedback table is locked");
      },
    });
    const visitor = new BrowserVisitor(proxy);
    expectError(await visitor.feedback({ message_id: "m-1", value: "up" }), 500, "INTERNAL_ERROR");
    expect(logs.some((entry) => entry.event === "internal-error" && entry.route === "feedback")).toBe(true);
    expectError(await visitor.send("/feedback", { method: "GET" }), 405, "METHOD_NOT_ALLOWED");
  });

  it("is held to the visitor's budget, with Retry-After", async () => {
    const { proxy } = feedbackCompanion({ rateLimit: { visitor: { requests: 2, windowSeconds: 60 } } });
    const visitor = new BrowserVisitor(proxy, { clientAddress: "198.51.100.7" });
    await visitor.accessToken();
    expect((await visitor.feedback({ message_id: "m-1", value: "up" })).status).toBe(204);
    expect((await visitor.feedback({ message_id: "m-1", value: "up" })).status).toBe(204);
    const refused = await visitor.feedback({ message_id: "m-1", value: "down" });
    expectError(refused, 429, "RATE_LIMITED");
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("is served only with onFeedback, which alone is enough to create the companion", async () => {
    expect((await new BrowserVisitor(startCompanion(server).proxy).feedback({ message_id: "m-1", value: "up" })).status).toBe(404);
    const { proxy, received } = feedbackCompanion({ chat: undefined, messaging: undefined, outbound: undefined, dni: undefined });
    expect((await new BrowserVisitor(proxy).feedback({ message_id: "m-1", value: "up" })).status).toBe(204);
    expect(received).toHaveLength(1);
  });
});
