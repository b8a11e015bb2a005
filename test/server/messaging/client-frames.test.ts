import { describe, expect, it } from "vitest";
import type { ReferenceServer } from "../../../demo/server/reference-server-types.ts";
import { EventType, serverOnlyEventTypes, TypingState } from "../../../src/protocol/event-types.ts";
import { expectQuiet, startJoinedConversation, type Conversation } from "../support/conversation-flow.ts";
import { type TestSocket, type WireEvent } from "../support/test-socket.ts";
import { useTestServer } from "../support/test-server.ts";

let server: ReferenceServer;
let conversation: Conversation;
let socket: TestSocket;

useTestServer((started) => (server = started));

const invalidFormat = "Unknown event type or invalid message format";
const custom = { client_event_id: "client-7", note: "kept" };

async function fresh(): Promise<void> {
  conversation = await startJoinedConversation(server);
  socket = conversation.socket;
  socket.drain();
}

/** Waits for the error answer and checks its level, text, transience and the socket still open. */
async function expectErrorAnswer(message: string): Promise<WireEvent> {
  const answer = await socket.nextOfType(EventType.SystemMessage);
  expect(answer.payload).toMatchObject({ level: "SYSTEM_MESSAGE_LEVEL_ERROR", message });
  expect(answer.sequence).toBeNull();
  expect(answer.id).toEqual(expect.any(String));
  expect(socket.isOpen).toBe(true);
  return answer;
}

/** Proves the socket still works after an error: a heartbeat is still echoed. */
async function expectStillServed(): Promise<void> {
  socket.send({ type: EventType.Heartbeat, payload: {}, metadata: { custom: { client_event_id: "alive" } } });
  await socket.next((event) => event.type === EventType.Heartbeat && event.metadata?.custom?.client_event_id === "alive");
}

describe("client frames", { timeout: 6000 }, () => {
  it("echoes a user message with a server message_id, id, sequence, timestamp and the client's metadata", async () => {
    await fresh();
    socket.send({ type: EventType.UserMessage, payload: { text: "hello" }, metadata: { custom } });
    const echo = await socket.nextOfType(EventType.UserMessage);
    expect(echo.payload.text).toBe("hello");
    expect(echo.payload.message_id).toEqual(expect.any(String));
    expect(echo.payload.message_id).not.toBe("");
    expect(echo.id).toEqual(expect.any(String));
    expect(Number.isInteger(echo.sequence)).toBe(true);
    expect(echo.timestamp).toEqual(expect.any(String));
    expect(echo.metadata?.custom).toEqual(custom);
    expect(server.inspect.receivedUserMessages(conversation.sessionId).at(-1)).toEqual({ text: "hello", clientEventId: "client-7" });
  });

  it("gives every echoed user message its own message_id", async () => {
    await fresh();
    socket.send({ type: EventType.UserMessage, payload: { text: "one" } });
    const first = await socket.nextOfType(EventType.UserMessage);
    socket.send({ type: EventType.UserMessage, payload: { text: "two" } });
    const second = await socket.nextOfType(EventType.UserMessage);
    expect(first.payload.message_id).not.toBe(second.payload.message_id);
    expect(second.sequence as number).toBeGreaterThan(first.sequence as number);
    expect(server.inspect.receivedUserMessages(conversation.sessionId).slice(-2)).toEqual([{ text: "one" }, { text: "two" }]);
  });

  it("echoes a heartbeat as a transient event with the client's metadata", async () => {
    await fresh();
    socket.send({ type: EventType.Heartbeat, payload: {}, metadata: { custom } });
    const echo = await socket.nextOfType(EventType.Heartbeat);
    expect(echo.sequence).toBeNull();
    expect(echo.payload).toEqual({});
    expect(echo.metadata?.custom).toEqual(custom);
    expect(server.inspect.storedEvents(conversation.sessionId).map((event) => event.id)).not.toContain(echo.id);
  });

  it("does not echo user typing frames", async () => {
    await fresh();
    socket.send({ type: EventType.UserTyping, payload: { state: TypingState.Started } });
    socket.send({ type: EventType.UserTyping, payload: { state: TypingState.Stopped } });
    await expectQuiet(server, conversation.sessionId, socket);
  });

  it.each([
    ["bad JSON", "{not json"],
    ["a JSON array", "[1,2]"],
    ["a JSON string", '"hello"'],
    ["an unknown type", JSON.stringify({ type: "EVENT_TYPE_DANCE", payload: {} })],
    ["a missing type", JSON.stringify({ payload: {} })],
    ["a payload that is not an object", JSON.stringify({ type: EventType.Heartbeat, payload: "x" })],
    ["a missing payload", JSON.stringify({ type: EventType.Heartbeat })],
    ["a user message without text", JSON.stringify({ type: EventType.UserMessage, payload: {} })],
    ["a user message with empty text", JSON.stringify({ type: EventType.UserMessage, payload: { text: "" } })],
    ["a user message whose text is not a string", JSON.stringify({ type: EventType.UserMessage, payload: { text: 12 } })],
  ])("answers %s with 'Unknown event type or invalid message format' and keeps the socket open", async (_label, frame) => {
    await fresh();
    socket.sendRaw(frame);
    await expectErrorAnswer(invalidFormat);
    await expectStillServed();
  });

  it.each(serverOnlyEventTypes.map((type) => [type]))(
    "answers the server-only type %s with 'Event type not allowed: <type>'",
    async (type) => {
      if (!socket || !socket.isOpen) await fresh();
      socket.drain();
      socket.send({ type, payload: {} });
      await expectErrorAnswer(`Event type not allowed: ${type}`);
    },
  );

  it("echoes the client's metadata on an error answer", async () => {
    await fresh();
    socket.send({ type: "EVENT_TYPE_DANCE", payload: {}, metadata: { custom } });
    const answer = await expectErrorAnswer(invalidFormat);
    expect(answer.metadata?.custom).toEqual(custom);
    socket.send({ type: EventType.SessionEnd, payload: {}, metadata: { custom: { client_event_id: "forbidden" } } });
    const notAllowed = await expectErrorAnswer(`Event type not allowed: ${EventType.SessionEnd}`);
    expect(notAllowed.metadata?.custom).toEqual({ client_event_id: "forbidden" });
    socket.send({ type: EventType.UserMessage, payload: { text: "" }, metadata: { custom: { client_event_id: "empty" } } });
    expect((await expectErrorAnswer(invalidFormat)).metadata?.custom).toEqual({ client_event_id: "empty" });
  });

  it("does not store invalid frames or their answers", async () => {
    await fresh();
    const before = server.inspect.storedEvents(conversation.sessionId).length;
    socket.sendRaw("{");
    await expectErrorAnswer(invalidFormat);
    expect(server.inspect.storedEvents(conversation.sessionId)).toHaveLength(before);
  });

  it("accepts a frame of exactly 131072 bytes", async () => {
    await fresh();
    const skeleton = JSON.stringify({ type: EventType.UserMessage, payload: { text: "" } });
    const text = "a".repeat(131072 - Buffer.byteLength(skeleton));
    const frame = JSON.stringify({ type: EventType.UserMessage, payload: { text } });
    expect(Buffer.byteLength(frame)).toBe(131072);
    socket.sendRaw(frame);
    const echo = await socket.nextOfType(EventType.UserMessage);
    expect(echo.payload.text).toBe(text);
  });

  it("answers a frame over 131072 bytes with 'Message too large' and then closes with 1009", async () => {
    await fresh();
    const frame = JSON.stringify({ type: EventType.UserMessage, payload: { text: "é".repeat(65600) } });
    expect(Buffer.byteLength(frame)).toBeGreaterThan(131072);
    socket.sendRaw(frame);
    const answer = await socket.nextOfType(EventType.SystemMessage);
    expect(answer.payload).toMatchObject({ level: "SYSTEM_MESSAGE_LEVEL_ERROR", message: "Message too large" });
    expect(answer.sequence).toBeNull();
    const closed = await socket.waitForClose();
    expect(closed.code).toBe(1009);
    expect(server.inspect.sessionIds()).toContain(conversation.sessionId);
  });
});
