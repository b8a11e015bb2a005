import { vi } from "vitest";
import type { HttpRequest, HttpResponse } from "../../../src/transport/environment.ts";

/** One request the fake Chat API received. */
export interface RecordedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  /** Fake-clock time the request was made. */
  at: number;
}

/** How the fake answers: an HTTP answer, or a network failure. */
export type FakeReply =
  | { status: number; body?: unknown; rawBody?: string; headers?: Record<string, string> }
  | { networkError: true }
  | { refused: true };

/**
 * A fake Chat API over fake timers. `reply` decides each answer from the call; by default create and
 * respond succeed with numbered conversation ids and echo-style answers.
 */
export function createFakeChatApi(reply?: (call: RecordedCall, calls: RecordedCall[]) => FakeReply | Promise<FakeReply>) {
  const calls: RecordedCall[] = [];
  let conversations = 0;
  const defaultReply = (call: RecordedCall): FakeReply => {
    const action = call.url.slice(call.url.lastIndexOf("/") + 1);
    if (action === "create") {
      conversations += 1;
      return { status: 200, body: { conversation_id: `conversation-${conversations}`, response: "Hello! How can I help?" } };
    }
    if (action === "respond") {
      const body = call.body as { conversation_id: string; message: string };
      return {
        status: 200,
        body: { conversation_id: body.conversation_id, response: `You said: ${body.message}`, end_conversation: false },
      };
    }
    return { status: 200, body: { success: true } };
  };
  const fetch = async (url: string, init: HttpRequest): Promise<HttpResponse> => {
    const call: RecordedCall = { url, method: init.method, headers: init.headers, body: JSON.parse(init.body ?? "null"), at: Date.now() };
    calls.push(call);
    const answer = reply ? await reply(call, calls) : defaultReply(call);
    if ("networkError" in answer) throw new TypeError("Failed to fetch");
    if ("refused" in answer) throw Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNREFUSED" } });
    const headers = new Map(Object.entries(answer.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
    const text = answer.rawBody ?? JSON.stringify(answer.body ?? {});
    return { status: answer.status, header: (name) => headers.get(name.toLowerCase()) ?? null, text: async () => text };
  };
  return { calls, fetch, defaultReply };
}

/** Lets every settled promise run without moving the fake clock. */
export async function settle(): Promise<void> {
  await vi.advanceTimersByTimeAsync(0);
}

/** A promise with its resolver exposed, to hold a fake answer until the test releases it. */
export function deferred<Value>() {
  let resolve!: (value: Value) => void;
  const promise = new Promise<Value>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
