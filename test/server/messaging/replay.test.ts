import { describe, expect, it } from "vitest";
import type { ReferenceServer } from "../../../demo/server/reference-server-types.ts";
import { EventType } from "../../../src/protocol/event-types.ts";
import {
  joinAgent,
  nextAgentReply,
  readReplay,
  sendUserMessage,
  startConversation,
  startJoinedConversation,
  storedIdsAfter,
} from "../support/conversation-flow.ts";
import { openSocket, type WireEvent } from "../support/test-socket.ts";
import { useTestServer } from "../support/test-server.ts";

let server: ReferenceServer;

useTestServer((started) => (server = started));

const maxFrameBytes = 131072;
const isoTimestamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

function sequences(events: readonly WireEvent[]): (number | null | undefined)[] {
  return events.map((event) => event.sequence);
}

function expectStrictlyIncreasing(values: readonly (number | null | undefined)[]): void {
  for (let index = 1; index < values.length; index += 1) {
    expect(values[index] as number).toBeGreaterThan(values[index - 1] as number);
  }
}

describe("history replay on connect", { timeout: 8000 }, () => {
  it("opens a new session with one EVENT_BATCH that begins with SESSION_START and its capabilities", async () => {
    const { replay, socket } = await startConversation(server, { streaming: true });
    expect(socket.received.filter((event) => event.type === EventType.EventBatch)).toHaveLength(1);
    const start = replay[0];
    expect(start?.type).toBe(EventType.SessionStart);
    expect(start?.payload.capabilities).toMatchObject({
      streaming: true,
      max_message_size_bytes: maxFrameBytes,
      max_reconnect_attempts: expect.any(Number),
      heartbeat_interval_seconds: expect.any(Number),
    });
  });

  it("announces streaming false in the capabilities of a non-streaming session", async () => {
    const { replay } = await startConversation(server, { streaming: false });
    expect(replay[0]?.payload.capabilities.streaming).toBe(false);
  });

  it("sends every frame as one JSON object with a type, an object payload, an id, a timestamp and an integer or null sequence", async () => {
    const { socket } = await startJoinedConversation(server, { streaming: true });
    await sendUserMessage(socket, "hello there");
    await nextAgentReply(socket);
    socket.send({ type: EventType.Heartbeat, payload: {} });
    socket.sendRaw("{broken");
    await socket.nextOfType(EventType.SystemMessage);
    const frames = socket.received;
    expect(new Set(frames.map((event) => event.type)).size).toBeGreaterThan(5);
    for (const frame of frames) {
      expect(frame.type, JSON.stringify(frame).slice(0, 120)).toMatch(/^EVENT_TYPE_[A-Z_]+$/);
      expect(typeof frame.payload === "object" && frame.payload !== null && !Array.isArray(frame.payload)).toBe(true);
      expect(frame.id).toEqual(expect.any(String));
      expect(frame.timestamp).toMatch(isoTimestamp);
      expect(frame.sequence === null || Number.isInteger(frame.sequence)).toBe(true);
    }
    expect(new Set(frames.map((event) => event.id)).size).toBe(frames.length);
  });

  it("gives every replayed event an id, an integer sequence and an ISO 8601 timestamp", async () => {
    const { sessionId, token } = await startJoinedConversation(server);
    const socket = await openSocket(server, { sessionId, token });
    const { events } = await readReplay(socket, storedIdsAfter(server, sessionId));
    for (const event of events) {
      expect(event.id).toEqual(expect.any(String));
      expect(Number.isInteger(event.sequence)).toBe(true);
      expect(event.timestamp).toMatch(isoTimestamp);
      expect(typeof event.payload).toBe("object");
    }
  });

  it("replays the stored history in ascending sequence, starting at 1 and strictly increasing", async () => {
    const { sessionId, token } = await startJoinedConversation(server);
    const socket = await openSocket(server, { sessionId, token });
    const { events } = await readReplay(socket, storedIdsAfter(server, sessionId));
    expect(events[0]?.type).toBe(EventType.SessionStart);
    const stored = server.inspect.storedEvents(sessionId);
    expect(stored[0]?.sequence).toBe(1);
    expectStrictlyIncreasing(stored.map((event) => event.sequence));
    expectStrictlyIncreasing(sequences(events));
    expect(events.map((event) => event.id)).toEqual(stored.map((event) => event.id));
  });

  it("numbers each session's events independently from 1", async () => {
    const first = await startJoinedConversation(server);
    const second = await startJoinedConversation(server);
    expect(server.inspect.storedEvents(first.sessionId)[0]?.sequence).toBe(1);
    expect(server.inspect.storedEvents(second.sessionId)[0]?.sequence).toBe(1);
  });

  it("never replays transient events (thinking, heartbeat echoes, error answers)", async () => {
    const { sessionId, token, socket } = await startJoinedConversation(server);
    socket.send({ type: EventType.Heartbeat, payload: {} });
    const heartbeat = await socket.nextOfType(EventType.Heartbeat);
    socket.sendRaw("{broken");
    const error = await socket.nextOfType(EventType.SystemMessage);
    expect(heartbeat.sequence).toBeNull();
    expect(error.sequence).toBeNull();
    const thinking = socket.received.find((event) => event.type === EventType.ServiceAgentThinking);
    expect(thinking?.sequence).toBeNull();
    const resumed = await openSocket(server, { sessionId, token });
    const { events } = await readReplay(resumed, storedIdsAfter(server, sessionId));
    const transientIds = [heartbeat.id, error.id, thinking?.id];
    expect(events.filter((event) => transientIds.includes(event.id))).toEqual([]);
    expect(events.map((event) => event.type)).not.toContain(EventType.ServiceAgentThinking);
    expect(events.map((event) => event.type)).not.toContain(EventType.Heartbeat);
  });

  it.each([
    ["12 as a plain integer", ""],
    ["seq:12", "seq:"],
  ])("replays only events after the cursor given as %s", async (_label, prefix) => {
    const { sessionId, token, socket } = await startJoinedConversation(server);
    await sendUserMessage(socket, "hello there");
    await nextAgentReply(socket);
    const stored = server.inspect.storedEvents(sessionId);
    const cursor = stored[1]?.sequence ?? 1;
    const resumed = await openSocket(server, { sessionId, token, cursor: `${prefix}${cursor}` });
    const { events } = await readReplay(resumed, storedIdsAfter(server, sessionId, cursor));
    expect(events[0]?.type).toBe(EventType.SessionStart);
    const after = events.filter((event) => event.type !== EventType.SessionStart);
    expect(after.map((event) => event.id)).toEqual(storedIdsAfter(server, sessionId, cursor));
    expect(after.every((event) => (event.sequence as number) > cursor)).toBe(true);
  });

  it.each([["abc"], ["-1"], ["1.5"], [""], ["seq:x"]])("replays from 0 for the invalid cursor %j without refusing", async (cursor) => {
    const { sessionId, token } = await startJoinedConversation(server);
    const resumed = await openSocket(server, { sessionId, token, cursor });
    const expected = storedIdsAfter(server, sessionId);
    const { events } = await readReplay(resumed, expected);
    expect(events.map((event) => event.id)).toEqual(expected);
  });

  it("replays only SESSION_START for a cursor beyond the end of the history", async () => {
    const { sessionId, token } = await startJoinedConversation(server);
    const resumed = await openSocket(server, { sessionId, token, cursor: "99999" });
    const { events, batches } = await readReplay(resumed);
    expect(batches).toHaveLength(1);
    expect(events.map((event) => event.type)).toEqual([EventType.SessionStart]);
    expect(events[0]?.payload.capabilities).toEqual(expect.any(Object));
  });

  it("replays the join so a resuming client knows not to join again", async () => {
    const { sessionId, token } = await startJoinedConversation(server);
    const resumed = await openSocket(server, { sessionId, token });
    const { events } = await readReplay(resumed, storedIdsAfter(server, sessionId));
    expect(events.map((event) => event.type)).toContain(EventType.ServiceAgentJoined);
  });

  it("splits a replay above the frame limit into several batches, each within 131072 bytes, before any live event", async () => {
    const { sessionId, token, socket } = await startConversation(server);
    await joinAgent(socket);
    const large = "lorem ipsum ".repeat(1700);
    for (let index = 0; index < 14; index += 1) {
      await sendUserMessage(socket, `${index} ${large}`);
      await nextAgentReply(socket);
    }
    const expected = storedIdsAfter(server, sessionId);
    const resumed = await openSocket(server, { sessionId, token });
    socket.send({ type: EventType.UserMessage, payload: { text: "a live message during the replay" } });
    const { batches, events } = await readReplay(resumed, expected, { timeoutMilliseconds: 5000 });
    expect(batches.length).toBeGreaterThan(1);
    for (const batch of batches) expect(batch.bytes).toBeLessThanOrEqual(maxFrameBytes);
    expect(events[0]?.type).toBe(EventType.SessionStart);
    expect(events.filter((event) => expected.includes(event.id ?? "")).map((event) => event.id)).toEqual(expected);
    expectStrictlyIncreasing(sequences(events.filter((event) => event.type !== EventType.SessionStart)));
    const firstLive = resumed.received.findIndex((event) => event.type !== EventType.EventBatch);
    const lastBatch = resumed.received.map((event) => event.type).lastIndexOf(EventType.EventBatch);
    if (firstLive !== -1) expect(firstLive).toBeGreaterThan(lastBatch);
    const laterBatches = resumed.received.slice(lastBatch + 1).filter((event) => event.type === EventType.EventBatch);
    expect(laterBatches).toEqual([]);
  });

  it("keeps a replay under the frame limit in a single batch", async () => {
    const { sessionId, token, socket } = await startJoinedConversation(server);
    for (let index = 0; index < 3; index += 1) {
      await sendUserMessage(socket, `message ${index}`);
      await nextAgentReply(socket);
    }
    const resumed = await openSocket(server, { sessionId, token });
    await readReplay(resumed, storedIdsAfter(server, sessionId));
    await resumed.roundTrip();
    expect(resumed.queued((event) => event.type === EventType.EventBatch)).toEqual([]);
    expect(resumed.received.filter((event) => event.type === EventType.EventBatch)).toHaveLength(1);
  });

  it("matches the replayed events with the server's stored record", async () => {
    const { sessionId, token, socket } = await startJoinedConversation(server);
    await sendUserMessage(socket, "compare me", { custom: { client_event_id: "compare-1" } });
    await nextAgentReply(socket);
    const resumed = await openSocket(server, { sessionId, token });
    const { events } = await readReplay(resumed, storedIdsAfter(server, sessionId));
    const stored = server.inspect.storedEvents(sessionId);
    expect(events.map(({ bytes: _bytes, ...event }) => event)).toEqual(stored.map((event) => ({ ...event })));
  });
});
